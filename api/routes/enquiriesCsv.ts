import { toCsv } from '../../src/shared/csv';
import type { DeskWorkflow } from '../../src/shared/deskWorkflow';
import { answerFields, answerText, ENQUIRY_FORMS, type FormKind } from '../../src/shared/forms/formSchemas';
import { formatIndiaTime } from '../../src/shared/indiaTime';
import type { EnquirySummary } from '../store/Store';

const FORM_NAMES: Record<FormKind, string> = { contact: 'Contact Us', about: 'About page' };

/** Every answer field of both enquiry forms, each once, in form order (the contact form's first). */
function answerColumns(): { name: string; label: string }[] {
  const seen = new Set<string>();
  return ENQUIRY_FORMS.flatMap(answerFields).filter(({ name }) => !seen.has(name) && seen.add(name));
}

/** The enquiries of an export as a spreadsheet, every cell escaped against formulas (see src/shared/csv.ts). */
export function enquiriesCsv(items: EnquirySummary[], workflow: DeskWorkflow): string {
  const answers = answerColumns();
  const headers = [
    'Received (India time)',
    'Form',
    'Status',
    'Reason for closing',
    'Next follow-up',
    ...answers.map((column) => column.label),
    'Source page',
    'Campaign (source / medium / campaign)',
    'Referring site',
    'Consent',
    'Other enquiries from this number',
  ];
  const rows = items.map((item) => [
    formatIndiaTime(item.createdAt),
    FORM_NAMES[item.form],
    workflow.statusLabel(item.status),
    item.closedReason ? workflow.closedReasonLabel(item.closedReason) : '',
    item.followUpOn ?? '',
    ...answers.map((column) => {
      const value = item.fields[column.name];
      return value === undefined ? '' : answerText(item.form, column.name, value);
    }),
    item.sourcePage ?? '',
    item.origin?.campaign ? [item.origin.campaign.source, item.origin.campaign.medium, item.origin.campaign.campaign].join(' / ') : '',
    item.origin?.referrer ?? '',
    item.consent ? `notice ${item.consent.noticeVersion}, ${formatIndiaTime(item.consent.givenAt)}` : 'not recorded',
    String(item.duplicates),
  ]);
  return toCsv(headers, rows);
}
