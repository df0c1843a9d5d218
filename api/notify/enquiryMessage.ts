import { formatIndiaTime } from '../../src/shared/indiaTime';
import { answerFields, answerText, type FormKind } from '../../src/shared/forms/formSchemas';
import { escapeHtml } from '../../src/shared/escapeHtml';
import type { StoredEnquiry } from '../../src/shared/storedEnquiry';

const FORM_NAMES: Record<FormKind, string> = { about: 'About-page form', contact: 'Contact Us enquiry' };

/** Header values come from visitors: no line break may reach a header. */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

export interface EnquiryMessage {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/** A stored answer as text; fields a visitor left empty are not stored. */
const answer = (enquiry: StoredEnquiry, name: string): string | undefined =>
  typeof enquiry[name] === 'string' ? enquiry[name] : undefined;

/** The rows of a notification: every answer with its form label, then where and when it came from. */
function rows(form: FormKind, enquiry: StoredEnquiry): [string, string][] {
  const fields = answerFields(form).map(({ name, label }): [string, string] => {
    const value = answer(enquiry, name);
    return [label, value === undefined ? '—' : answerText(form, name, value)];
  });
  return [...fields, ['Source page', enquiry.sourcePage ?? '—'], ['Received', `${formatIndiaTime(enquiry.createdAt)} (India time)`]];
}

/** The e-mail about one new enquiry: plain text and simple HTML with every field, escaped. */
export function enquiryMessage(form: FormKind, enquiry: StoredEnquiry, siteUrl: string): EnquiryMessage {
  const name = oneLine(answer(enquiry, 'name') ?? 'someone');
  const table = rows(form, enquiry);
  const link = `${siteUrl}/table`;
  const email = typeof enquiry.email === 'string' ? oneLine(enquiry.email) : undefined;
  return {
    subject: `New ${FORM_NAMES[form]} from ${name}`,
    text: [
      `A new ${FORM_NAMES[form]} has arrived.`,
      '',
      ...table.map(([label, value]) => `${label}: ${value}`),
      '',
      `See every enquiry: ${link}`,
    ].join('\n'),
    html: [
      `<p>A new ${FORM_NAMES[form]} has arrived.</p>`,
      '<table cellpadding="6" style="border-collapse:collapse">',
      ...table.map(
        ([label, value]) =>
          `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
      ),
      '</table>',
      `<p><a href="${escapeHtml(link)}">See every enquiry</a></p>`,
    ].join('\n'),
    ...(email && { replyTo: email }),
  };
}
