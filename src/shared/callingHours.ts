/**
 * The hours in which the Indian Banks' Association's code of conduct for agents (its model
 * code for direct selling agents and recovery agents) lets them call a borrower: 09:30 to
 * 19:00, India time. The desk asks before a call or message outside them.
 */
export const CALLING_HOURS = { from: '09:30', to: '19:00' } as const;

const INDIA_CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The time in India at a moment, as HH:MM on a 24-hour clock ("20:15"). */
export function indiaClockTime(moment: Date | string | number): string {
  return INDIA_CLOCK.format(new Date(moment));
}

/** Whether a moment falls outside the calling hours in India (19:00 itself is still inside). */
export function outsideCallingHours(moment: Date | string | number): boolean {
  const time = indiaClockTime(moment);
  return time < CALLING_HOURS.from || time > CALLING_HOURS.to;
}
