import { FORM_SCHEMAS } from './forms/formSchemas';
import { indiaDate } from './indiaTime';

export type PrivacyRequestStatus = 'open' | 'done' | 'refused';
export const PRIVACY_REQUEST_STATUSES: { id: PrivacyRequestStatus; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'done', label: 'Done' },
  { id: 'refused', label: 'Refused' },
];

export const privacyStatusLabel = (id: PrivacyRequestStatus): string =>
  PRIVACY_REQUEST_STATUSES.find((status) => status.id === id)?.label ?? id;

/** A request someone made on /privacy to see, correct or erase their details, withdraw consent, complain or nominate. */
export interface PrivacyRequest {
  _id: string;
  createdAt: string;
  /** The answers: name, phone (+91 and ten digits), email, kind, message. */
  fields: Record<string, string>;
  status: PrivacyRequestStatus;
  /** Why a refused request was refused; staff must give one. */
  reason?: string;
  /** The day, in India, by which the firm must answer: the day it arrived plus the published period. */
  dueOn: string;
  lastActivityAt: string;
  history: { at: string; by: string; from: PrivacyRequestStatus; to: PrivacyRequestStatus; reason?: string }[];
}

/** Still open after its due day, India time. */
export function isOverdue(request: Pick<PrivacyRequest, 'status' | 'dueOn'>, today = indiaDate()): boolean {
  return request.status === 'open' && request.dueOn < today;
}

/** The words the visitor chose for what they asked, such as "Erase my details". */
export function requestKindLabel(kind: string): string {
  return FORM_SCHEMAS.privacy.properties.kind?.['x-options']?.find((option) => option.value === kind)?.label ?? kind;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 enquiries and 1 request": how many records, never whose, so the audit log and the logs hold no personal data. */
export function describeRecords({ enquiries, requests }: { enquiries: number; requests: number }): string {
  return `${counted(enquiries, 'enquiry', 'enquiries')} and ${counted(requests, 'request', 'requests')}`;
}
