import type { ListPage } from '../../src/shared/listPage';
import type { PrivacyRequest, PrivacyRequestStatus } from '../../src/shared/privacyRequests';
import type { EnquiryWithHistory } from './EnquiryStore';

/** One person, by the ten digits of their mobile number or by their e-mail address in lower case. */
export type PersonKey = { phone: string } | { email: string };

/** Everything stored about one person. */
export interface PersonData {
  enquiries: EnquiryWithHistory[];
  requests: PrivacyRequest[];
}

export interface ErasedCount {
  enquiries: number;
  requests: number;
}

export interface NewPrivacyRequest {
  fields: Record<string, string>;
  /** YYYY-MM-DD, India time. */
  dueOn: string;
}

export interface PrivacyRequestQuery {
  status?: PrivacyRequestStatus;
  limit: number;
  cursor?: string;
}

export interface PrivacyRequestChange {
  status: PrivacyRequestStatus;
  reason?: string;
}

/**
 * What the firm keeps about each person, as the privacy law asks: their privacy requests, finding
 * everything of one person, erasing it, and the retention sweep that erases what is inactive.
 */
export interface PeopleStore {
  /** Resolves once the request is durably stored. */
  addRequest(request: NewPrivacyRequest): Promise<PrivacyRequest>;
  /** Newest first, one page at a time. */
  listRequests(query: PrivacyRequestQuery): Promise<ListPage<PrivacyRequest>>;
  /** Records a new status (with the reason for a refusal) in the request's history by `by`. */
  updateRequest(id: string, change: PrivacyRequestChange, by: string): Promise<PrivacyRequest | undefined>;
  /** Keeps a request another store kept (copyStore), with its id, time and history; false when it is here already. */
  importRequest(request: PrivacyRequest): Promise<boolean>;
  /** Every enquiry and request of one person, newest first. */
  find(who: PersonKey): Promise<PersonData>;
  /**
   * Erases every enquiry and request of one person for good, with their histories and
   * pending notifications: no copy stays in any file or table. Returns how many went.
   */
  erase(who: PersonKey): Promise<ErasedCount>;
  /** Erases, the same way, every enquiry and request whose last activity was before `before` (an ISO time). */
  eraseInactive(before: string): Promise<ErasedCount>;
}
