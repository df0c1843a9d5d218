import privacy from 'virtual:content/privacy';
import { addDays, indiaDate } from './indiaTime';

/**
 * What the server needs from the privacy notice in pages-data/_privacy.yaml. Kept apart from
 * the request types so the store and the command-line tools, which run without the build,
 * never import content.
 */

/** The version of the notice beside the forms today; each enquiry records the one its sender agreed to. */
export const NOTICE_VERSION = String(privacy.version);

/** The day, in India, by which a request arriving at `receivedAt` must be answered. */
export function dueOnFor(receivedAt: Date): string {
  return addDays(indiaDate(receivedAt), privacy.responseDays);
}
