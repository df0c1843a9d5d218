import type { PrivacyNotice } from '../content/privacy.generated';
import { addDays, indiaDate } from './indiaTime';

/** The version of the notice beside the forms today; each enquiry records the one its sender agreed to. */
export const noticeVersion = (privacy: PrivacyNotice): string => String(privacy.version);

/** The day, in India, by which a request arriving at `receivedAt` must be answered. */
export function dueOnFor(privacy: PrivacyNotice, receivedAt: Date): string {
  return addDays(indiaDate(receivedAt), privacy.responseDays);
}
