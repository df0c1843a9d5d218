import { CALLING_HOURS, indiaClockTime, outsideCallingHours } from '../../shared/callingHours';

/**
 * Before a Call or WhatsApp from the desk: inside the calling hours, goes ahead at once;
 * outside them, says what time it is in India and asks whether to go on anyway. The attempt,
 * if made, is recorded in the enquiry's history with its time, as every contact is.
 */
export function goAheadWithContact(action: string, now: number = Date.now()): boolean {
  if (!outsideCallingHours(now)) return true;
  return window.confirm(
    `It is ${indiaClockTime(now)} in India, outside the calling hours of ${CALLING_HOURS.from} to ${CALLING_HOURS.to} in the Indian Banks' Association's code for agents. ${action} anyway? The attempt is recorded in the history with its time.`,
  );
}
