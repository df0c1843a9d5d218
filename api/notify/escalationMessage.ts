import { escapeHtml } from '../../src/shared/escapeHtml';
import { formatIndiaTime } from '../../src/shared/indiaTime';
import type { EnquiryRecord } from '../store/Store';
import type { EnquiryMessage } from './enquiryMessage';

/** Only the first word of a name, of letters alone: nothing else a visitor typed reaches an inbox or a subject line. Null when it starts with none. */
export function firstNameOf(name: string | undefined): string | null {
  return /^\p{L}[\p{L}\p{M}]{0,39}/u.exec((name ?? '').trim())?.[0] ?? null;
}

/** The first name, or "an enquirer" for the owners' e-mail. */
export const firstName = (name: string | undefined): string => firstNameOf(name) ?? 'an enquirer';

/** The link that opens one enquiry on the desk. */
export const enquiryLink = (siteUrl: string, id: string) => `${siteUrl}/table?enquiry=${encodeURIComponent(id)}`;

/** The owners' e-mail about an enquiry past its first-response target with no first contact yet. */
export function escalationMessage(record: EnquiryRecord, siteUrl: string): EnquiryMessage {
  const who = firstName(record.fields.name);
  const due = record.firstResponseDueAt ? formatIndiaTime(record.firstResponseDueAt) : 'its target';
  const link = enquiryLink(siteUrl, record._id);
  const lines = [
    `The enquiry from ${who}, received ${formatIndiaTime(record.createdAt)} (India time), has had no recorded contact (a call, a WhatsApp message or a note of a contact), and its first-response target passed at ${due}.`,
    record.assigneeId ? 'It is assigned to an advisor: see who on the desk.' : 'Nobody is assigned to it yet.',
  ];
  return {
    subject: `Enquiry waiting for a first response: ${who}`,
    text: [...lines, '', `Open it: ${link}`].join('\n'),
    html: [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(link)}">Open it on the desk</a></p>`].join('\n'),
  };
}

/** The webhook's body for the same escalation: the enquiry's id and times, never what the visitor wrote. */
export function escalationPayload(record: EnquiryRecord, siteUrl: string) {
  return {
    type: 'enquiry.overdue',
    form: record.form,
    enquiryId: record._id,
    createdAt: record.createdAt,
    firstResponseDueAt: record.firstResponseDueAt ?? null,
    assigned: record.assigneeId !== undefined,
    adminUrl: enquiryLink(siteUrl, record._id),
  };
}
