import { indiaClockTime } from '../../shared/callingHours';
import type { DeskWorkflow } from '../../shared/deskWorkflow';

/**
 * Before a Call or WhatsApp from the desk: inside the calling hours of _desk.yaml, goes ahead at
 * once; outside them, says what time it is in India and asks whether to go on, which an advisor
 * should only at the enquirer's request (the lenders' rules allow a call outside the hours then).
 * The attempt, if made, is recorded in the enquiry's history with its time, as every contact is.
 */
export function goAheadWithContact(workflow: DeskWorkflow, action: string, now: number = Date.now()): boolean {
  const hours = workflow.callingHours;
  if (!hours || !workflow.outsideCallingHours(now)) return true;
  return window.confirm(
    `It is ${indiaClockTime(now)} in India, outside the calling hours of ${hours.from} to ${hours.to}. ${action} anyway? Go on only if they asked to be contacted at this time; the attempt is recorded in the history with its time.`,
  );
}
