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
export const INDIA_OFFSET_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;
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

/**
 * The firm's week as plain numbers, so that working time is arithmetic rather than a walk
 * through the days (the pipeline report counts it for every enquiry of a year): days are counted
 * from the epoch in India time, and the epoch's day 0 (1 January 1970) was a Thursday.
 */
export interface WorkingWeek {
  /** When the office opens and how long it stays open, in ms from India midnight; 0 long when it never does. */
  openMs: number;
  lengthMs: number;
  /** For each day of a week counted from a Thursday: whether it is a working day. */
  working: boolean[];
  /** The working ms of the days of such a week before each day (8 entries: the last is the whole week's). */
  before: number[];
}

const EPOCH_WEEK_DAY = 4;

export function workingWeek(hours: WorkingHours): WorkingWeek {
  const openMs = minutesOf(hours.from) * MINUTE_MS;
  const lengthMs = Math.max(0, minutesOf(hours.to) * MINUTE_MS - openMs);
  const working = Array.from({ length: 7 }, (_, day) => lengthMs > 0 && hours.days.includes(WEEK[(day + EPOCH_WEEK_DAY) % 7]!));
  const before = [0];
  for (const open of working) before.push(before.at(-1)! + (open ? lengthMs : 0));
  return { openMs, lengthMs, working, before };
}

/** The working ms from the epoch (India midnight of 1 January 1970) up to `ms`. */
export function workingMsSinceEpoch(ms: number, week: WorkingWeek): number {
  const local = ms + INDIA_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  const weeks = Math.floor(day / 7);
  const inWeek = day - weeks * 7;
  const intoDay = local - day * DAY_MS;
  const today = week.working[inWeek] ? Math.min(Math.max(intoDay - week.openMs, 0), week.lengthMs) : 0;
  return weeks * week.before[7]! + week.before[inWeek]! + today;
}

/** The working ms between two moments (0 when `endMs` is not later), for response times. */
export function workingMsBetween(startMs: number, endMs: number, week: WorkingWeek): number {
  return endMs > startMs ? workingMsSinceEpoch(endMs, week) - workingMsSinceEpoch(startMs, week) : 0;
}

/** The working minutes between two moments (0 when `endMs` is not later). */
export function workingMinutesBetween(startMs: number, endMs: number, hours: WorkingHours): number {
  return workingMsBetween(startMs, endMs, workingWeek(hours)) / MINUTE_MS;
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
