import { answerFields, type FormKind } from '../shared/forms/formSchemas';
import type { StoredEnquiry } from '../shared/storedEnquiry';
import { formatIndiaTime } from '../shared/indiaTime';

export interface Column {
  key: string;
  label: string;
  value: (record: StoredEnquiry) => string;
}

const CHANNEL_NAMES = { email: 'E-mail', webhook: 'Webhook' } as const;

/** "E-mail: delivered, Webhook: pending (3 tries)". */
export function notificationSummary(record: StoredEnquiry): string {
  return Object.entries(record.notifications ?? {})
    .map(
      ([channel, state]) =>
        `${CHANNEL_NAMES[channel as keyof typeof CHANNEL_NAMES]}: ${state.status}${state.status !== 'delivered' && state.attempts > 0 ? ` (${state.attempts} ${state.attempts === 1 ? 'try' : 'tries'})` : ''}`,
    )
    .join(', ');
}

/**
 * The table's columns: when it arrived, the form's own fields in form order, the page it
 * came from and, when the server sends notifications, how they fared.
 */
export function enquiryColumns(kind: FormKind, withNotifications: boolean): Column[] {
  const fields = answerFields(kind).map(({ name, label }) => ({
    key: name,
    label,
    value: (record: StoredEnquiry) => {
      const value = record[name];
      return typeof value === 'string' ? value : '';
    },
  }));
  return [
    { key: 'createdAt', label: 'Received (India time)', value: (record) => formatIndiaTime(record.createdAt) },
    ...fields,
    { key: 'sourcePage', label: 'Source page', value: (record) => record.sourcePage ?? '' },
    ...(withNotifications ? [{ key: 'notifications', label: 'Notification', value: notificationSummary }] : []),
  ];
}
