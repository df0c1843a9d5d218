/** The firm's working hours in India time, from _desk.yaml: the first-response clock runs only within them. */
export interface WorkingHours {
  /** HH:MM, India time. */
  from: string;
  /** HH:MM, India time, later than `from`. */
  to: string;
  /** The working days, by their first three letters. */
  days: readonly WeekDay[];
}

export type WeekDay = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';
const WEEK: WeekDay[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** India keeps one offset all year: +05:30, no summer time. */
const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** A week with no working hours would never end a count: past this many days one stops (ten years). */
const MAX_DAYS = 3_660;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Each working stretch from the day holding `ms` onwards, as [start, end] in ms since the epoch. */
function* workingStretches(ms: number, hours: WorkingHours): Generator<[number, number]> {
  const open = minutesOf(hours.from) * MINUTE_MS;
  const close = minutesOf(hours.to) * MINUTE_MS;
  if (close <= open || hours.days.length === 0) return;
  // Midnight in India of the day holding `ms`, in ms since the epoch.
  let midnight = Math.floor((ms + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS - INDIA_OFFSET_MS;
  for (let day = 0; day < MAX_DAYS; day++, midnight += DAY_MS) {
    const weekDay = WEEK[new Date(midnight + INDIA_OFFSET_MS).getUTCDay()]!;
    if (hours.days.includes(weekDay)) yield [midnight + open, midnight + close];
  }
}

/** The moment `minutes` working minutes after `startMs` (ms since the epoch); Infinity when the hours have none. */
export function addWorkingMinutes(startMs: number, minutes: number, hours: WorkingHours): number {
  let left = minutes * MINUTE_MS;
  for (const [open, close] of workingStretches(startMs, hours)) {
    const from = Math.max(open, startMs);
    if (from >= close) continue;
    if (left <= close - from) return from + left;
    left -= close - from;
  }
  return Infinity;
}

/** The working minutes between two moments (0 when `endMs` is not later), for response times. */
export function workingMinutesBetween(startMs: number, endMs: number, hours: WorkingHours): number {
  let total = 0;
  for (const [open, close] of workingStretches(startMs, hours)) {
    if (open >= endMs) break;
    const from = Math.max(open, startMs);
    const to = Math.min(close, endMs);
    if (to > from) total += to - from;
  }
  return total / MINUTE_MS;
}

/**
 * The working day a moment belongs to, for the advisors' daily list: the India date holding `ms`,
 * when that day's working hours open (undefined when it is not a working day), and when the
 * working day before it opened (the list's new enquiries are those given since then). Without
 * working hours every day counts, from midnight.
 */
export function workingDayOf(ms: number, hours: WorkingHours | undefined): { opensAt: number | undefined; previousOpening: number } {
  const midnight = Math.floor((ms + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS - INDIA_OFFSET_MS;
  const open = hours ? minutesOf(hours.from) * MINUTE_MS : 0;
  const works = (dayMidnight: number) => !hours || hours.days.includes(WEEK[new Date(dayMidnight + INDIA_OFFSET_MS).getUTCDay()]!);
  let previous = midnight - DAY_MS;
  // Seven days back always meet a working day when the hours have any; without one, a week before stands in.
  for (let day = 1; day <= 7 && !works(previous); day++) previous -= DAY_MS;
  return { opensAt: works(midnight) ? midnight + open : undefined, previousOpening: previous + open };
}
