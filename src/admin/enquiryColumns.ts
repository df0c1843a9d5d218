import { FORM_SCHEMAS, type FormKind } from '../forms/formSchemas';
import type { StoredEnquiry } from './adminApi';
import { formatReceived } from './formatReceived';

export interface Column {
  key: string;
  label: string;
  value: (record: StoredEnquiry) => string;
}

/** The table's columns: when it arrived, then the form's own fields in form order, then the page it came from. */
export function enquiryColumns(kind: FormKind): Column[] {
  const fields = Object.entries(FORM_SCHEMAS[kind].properties)
    .filter(([, field]) => field['x-input'] !== 'hidden' && field['x-input'] !== 'honeypot')
    .map(([key, field]) => ({ key, label: field.title.replace(' (optional)', ''), value: (record: StoredEnquiry) => record[key] ?? '' }));
  return [
    { key: 'createdAt', label: 'Received (India time)', value: (record) => formatReceived(record.createdAt) },
    ...fields,
    { key: 'sourcePage', label: 'Source page', value: (record) => record.sourcePage ?? '' },
  ];
}
