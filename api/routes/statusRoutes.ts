import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { ServerContext } from '../context';
import { parseReference } from '../../src/shared/enquiryReference';
import { fill } from '../../src/shared/languages';
import { indiaDate } from '../../src/shared/indiaTime';
import { phoneKey } from '../../src/shared/phone';
import { FORM_SCHEMAS, PHONE_FIELDS } from '../../src/shared/forms/formSchemas';
import { checkEnquiry } from '../forms/formChecks';
import { setRetryAfter } from '../http/retryAfter';
import type { ClientIpEnv } from '../middleware/clientIp';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { privateAnswers } from '../middleware/privateAnswers';
import { type StatusAnswer, type StatusStage } from '../../src/shared/enquiryStatus';
import { displayNameOf } from '../../src/shared/accounts';
import type { EnquirySummary } from '../store/Store';
import { statusLinkKey } from '../notify/statusLink';

/**
 * The status page's question: where does the enquiry of this reference stand? Answered only for
 * the reference with the mobile number given on it (or the key of the acknowledgement's link),
 * and one message for every other pair, so nobody learns whether a reference exists. Each client
 * may ask STATUS_RATE_LIMIT times in a window, counted in the store under a keyed hash of its
 * address and the window (never the address), so every instance counts alike.
 */
export function statusRoutes({ store, site, config, clock, secrets }: ServerContext) {
  const app = new Hono<ClientIpEnv & JsonBodyEnv>();
  const content = () => site.content;
  const endpoint = FORM_SCHEMAS.status['x-endpoint'];
  app.use(endpoint, privateAnswers);

  app.post(endpoint, limitBody, parseJsonBody, async (c) => {
    const check = checkEnquiry('status', c.var.body, content().formLanguages);
    const language = check.ok ? check.language : content().languages.source;
    const words = content().wordsOf(language).ui.status;
    const firmPhone = content().siteData(language).site.phone;
    if (config.statusRateLimit > 0) {
      const window = Math.floor(clock.now() / config.enquiryRateWindowMs);
      const client = secrets.tag('status client', `${window}:${c.var.rateKey}`);
      const { count, resetAt } = await store.windows.count(`status:${client}`, config.enquiryRateWindowMs);
      if (count > config.statusRateLimit)
        return c.json({ message: fill(words.tooMany, { minutes: String(setRetryAfter(c, resetAt)), phone: firmPhone }) }, 429);
    }
    if (!check.ok) return c.json({ message: check.message, errors: check.errors }, 400);
    const { reference: typed, phone, key } = check.enquiry;
    if (phone === undefined && key === undefined) {
      const phoneWords = content().wordsOf(language).forms?.status.fields['phone']?.messages['required'];
      const message = content().wordsOf(language).ui.forms.fixTheFields;
      return c.json({ message, errors: { phone: phoneWords ?? 'Enter the mobile number you gave us' } }, 400);
    }
    const reference = parseReference(typed!)!;
    const [found] = (await store.enquiries.list({ reference, limit: 1 })).items;
    if (!found || !matches(found, phone, key)) return c.json({ message: fill(words.notFound, { phone: firmPhone }) }, 404);
    const [requests, sent, advisor] = await Promise.all([
      store.documents.requestsOf(found._id),
      store.documents.documentsOf(found._id),
      found.assigneeId === undefined ? undefined : store.accounts.get(found.assigneeId),
    ]);
    const asked = requests.filter((request) => !request.revokedAt);
    const documents = asked.flatMap((request) =>
      request.items.map((label, item) => ({
        label,
        received: sent.some((document) => document.requestId === request.id && document.item === item),
      })),
    );
    const name = displayNameOf(advisor, language);
    const answer: StatusAnswer = {
      reference: found.reference,
      stage: stageOf(content().workflow.stageOf(found.status), found.assigneeId !== undefined, asked.length > 0),
      receivedOn: indiaDate(found.createdAt),
      ...(name && { advisor: name }),
      ...(documents.length > 0 && { documents }),
    };
    return c.json(answer);
  });

  /** The desk status's stage, brought forward by what the casework shows: an advisor assigned, documents asked for. */
  function stageOf(stage: StatusStage, assigned: boolean, documentsAsked: boolean): StatusStage {
    if ((stage === 'received' || stage === 'assigned') && documentsAsked) return 'documents';
    return stage === 'received' && assigned ? 'assigned' : stage;
  }

  /** The number given on the enquiry, or the key of its link; compared in constant time either way. */
  function matches(enquiry: EnquirySummary, phone: string | undefined, key: string | undefined): boolean {
    const [given, expected] =
      key !== undefined
        ? [key, statusLinkKey(secrets, enquiry._id)]
        : [phoneKey(phone!), phoneKey(enquiry.fields[PHONE_FIELDS[enquiry.form]] ?? '')];
    return given.length === expected.length && expected.length > 0 && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  }
  return app;
}
