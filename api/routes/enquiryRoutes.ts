import type { ServerContext } from '../context';
import { isoNow } from '../clock';
import { Hono } from 'hono';
import { formatIsoDate } from '../../src/shared/formatDate';
import { formIn } from '../../src/shared/forms/checkSubmission';
import { fill } from '../../src/shared/languages';
import { ENQUIRY_FORMS, FORM_SCHEMAS, HONEYPOT_FIELD } from '../../src/shared/forms/formSchemas';
import { newReference, parseReference } from '../../src/shared/enquiryReference';
import { dueOnFor, noticeVersion } from '../../src/shared/privacyNotice';
import { checkEnquiry } from '../forms/formChecks';
import type { ClientIpEnv } from '../middleware/clientIp';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { rateLimit } from '../middleware/rateLimit';
import { originOf } from '../visits/visitOrigin';
import { assignByRule } from '../casework/assignmentRule';
import { addWorkingMinutes } from '../../src/shared/workingTime';

/**
 * The public forms: the two enquiry forms of the firm's original site, and the request
 * about one's personal data on /privacy. Each is checked against its schema, stored, and
 * only then answered 200; all three share one per-IP limit and the spam trap.
 */
export function enquiryRoutes({ store, site, config, clock, outbox }: ServerContext) {
  const app = new Hono<ClientIpEnv & JsonBodyEnv>();
  const content = () => site.content;
  const limit = rateLimit({
    store,
    name: 'enquiry',
    limit: config.enquiryRateLimit,
    windowMs: config.enquiryRateWindowMs,
    message: (minutes) =>
      `We have received several enquiries from your connection in the last few minutes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us.`,
  });

  for (const kind of ENQUIRY_FORMS) {
    const schema = FORM_SCHEMAS[kind];
    app.post(schema['x-endpoint'], limitBody, parseJsonBody, limit, async (c) => {
      const check = checkEnquiry(kind, c.var.body, content().formLanguages);
      if (!check.ok) return c.json({ message: check.message, errors: check.errors }, 400);
      const { [HONEYPOT_FIELD]: trap, sourcePage, utmSource, utmMedium, utmCampaign, referrer, ...fields } = check.enquiry;
      // A robot filled the hidden field: tell it what a person would hear (a reference too), and keep nothing.
      let reference = newReference();
      if (trap === undefined) {
        // The schema has already refused a form without the consent box ticked; this is the record of it.
        const consent = { noticeVersion: noticeVersion(content().privacy), givenAt: isoNow(clock) };
        // The notifications are stored with the enquiry and sent after the answer, never before it.
        const language = check.language;
        // Only an enquirer who gave an e-mail address can be acknowledged.
        const channels = outbox.channels.filter((channel) => channel !== 'acknowledgement' || fields['email']);
        const origin = originOf({ utmSource, utmMedium, utmCampaign, referrer });
        const { assignmentRule, firstResponse } = content().workflow;
        const assignee = await assignByRule(store, assignmentRule, language);
        const due = firstResponse && addWorkingMinutes(clock.now(), firstResponse.minutes, firstResponse.hours);
        const stored = await store.enquiries.add(
          {
            form: kind,
            fields,
            ...(sourcePage !== undefined && { sourcePage }),
            consent,
            language,
            ...(origin && { origin }),
            ...(assignee && { assignee }),
            ...(due !== undefined && Number.isFinite(due) && { firstResponseDueAt: new Date(due).toISOString() }),
          },
          channels,
        );
        reference = stored.reference;
        outbox.wake();
        if (assignee) {
          const detail = `to ${assignee.to.username} by the ${assignee.rule} rule`;
          await store.audit.add({ account: null, action: 'assignment', enquiryId: stored._id, detail });
        }
      }
      return c.json({ message: formIn(kind, content().wordsOf(check.language))['x-success'], reference });
    });
  }

  const privacy = FORM_SCHEMAS.privacy;
  app.post(privacy['x-endpoint'], limitBody, parseJsonBody, limit, async (c) => {
    const check = checkEnquiry('privacy', c.var.body, content().formLanguages);
    if (!check.ok) return c.json({ message: check.message, errors: check.errors }, 400);
    const { [HONEYPOT_FIELD]: trap, ...fields } = check.enquiry;
    // The schema let through only what reads as a reference; it is kept in its one form, as the desk searches for it.
    if (fields.reference !== undefined) fields.reference = parseReference(fields.reference)!;
    const dueOn = dueOnFor(content().privacy, new Date(clock.now()));
    if (trap === undefined) await store.people.addRequest({ fields, dueOn });
    const words = content().wordsOf(check.language);
    const answerBy = fill(words.ui.forms.answerBy, { date: formatIsoDate(dueOn, words.ui.shell.months) });
    return c.json({ message: `${formIn('privacy', words)['x-success']} ${answerBy}` });
  });

  for (const schema of Object.values(FORM_SCHEMAS)) {
    app.on(['GET', 'PUT', 'DELETE', 'PATCH'], schema['x-endpoint'], (c) =>
      c.json({ message: 'This address only accepts POST.' }, 405, { Allow: 'POST' }),
    );
  }
  return app;
}
