const INDIA_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** A moment in India time, e.g. "22 Nov 2026, 8:11 am"; the firm works in IST wherever the server runs. */
export function formatIndiaTime(isoTime: string): string {
  const date = new Date(isoTime);
  return Number.isNaN(date.getTime()) ? isoTime : INDIA_TIME.format(date);
}

const INDIA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in India, YYYY-MM-DD: follow-ups and "due today" go by the firm's day, not the server's. */
export function indiaDate(moment: Date | string | number = new Date()): string {
  return INDIA_DATE.format(new Date(moment));
}

/** The Monday of the week holding a YYYY-MM-DD date. */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** A day that exists, written YYYY-MM-DD (not 2026-02-30). */
export function isRealDate(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
}

/** The moment a YYYY-MM-DD day begins in India, as an ISO time. */
export const indiaMidnight = (date: string): string => new Date(`${date}T00:00:00+05:30`).toISOString();
