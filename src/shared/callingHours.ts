/** The desk's calling hours (India time, HH:MM), from callingHours in pages-data/_desk.yaml. */
export interface CallingHours {
  from: string;
  to: string;
}

const INDIA_CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The time in India at a moment, as HH:MM on a 24-hour clock ("20:15"). */
export function indiaClockTime(moment: Date | string | number): string {
  return INDIA_CLOCK.format(new Date(moment));
}

/** Whether a moment falls outside the calling hours in India (the closing minute itself is still inside). */
export function outsideCallingHours(moment: Date | string | number, hours: CallingHours): boolean {
  const time = indiaClockTime(moment);
  return time < hours.from || time > hours.to;
}
