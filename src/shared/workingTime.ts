/**
 * The firm's working hours in India time, as _site.yaml's openingHours gives them (the one place
 * the firm's hours are written): the first-response clock runs only within them, the daily list
 * goes at their start, and enquirers are told them. Each day has the hours of the first entry
 * that lists it; a day no entry lists is closed.
 */
export type WorkingHours = readonly OpeningHours[];

export interface OpeningHours {
  days: readonly DayName[];
  /** HH:MM, India time. */
  opens: string;
  /** HH:MM, India time, later than `opens` (24:00 for the end of the day). */
  closes: string;
}

export type DayName = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';
/** The days by JavaScript's getUTCDay(): Sunday first. */
const WEEK: DayName[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Every hour of every day: working time for a firm that gives no opening hours. */
export const ALL_HOURS: WorkingHours = [
  { days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '00:00', closes: '24:00' },
];

/** India keeps one offset all year: +05:30, no summer time. */
export const INDIA_OFFSET_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** A week with no working hours would never end a count: past this many days one stops (ten years). */
const MAX_DAYS = 3_660;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A day's hours as [opens, closes] in ms from India midnight, by getUTCDay() (Sunday first); undefined when it is closed. */
function dayHours(hours: WorkingHours): ([number, number] | undefined)[] {
  return WEEK.map((name) => {
    const entry = hours.find((candidate) => candidate.days.includes(name));
    if (!entry) return undefined;
    const [open, close] = [minutesOf(entry.opens) * MINUTE_MS, minutesOf(entry.closes) * MINUTE_MS];
    return close > open ? [open, close] : undefined;
  });
}

const midnightOf = (ms: number) => Math.floor((ms + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS - INDIA_OFFSET_MS;
const weekDayOf = (midnight: number) => new Date(midnight + INDIA_OFFSET_MS).getUTCDay();

/** Each working stretch from the day holding `ms` onwards, as [start, end] in ms since the epoch. */
function* workingStretches(ms: number, hours: WorkingHours): Generator<[number, number]> {
  const days = dayHours(hours);
  if (days.every((day) => day === undefined)) return;
  for (let day = 0, midnight = midnightOf(ms); day < MAX_DAYS; day++, midnight += DAY_MS) {
    const today = days[weekDayOf(midnight)];
    if (today) yield [midnight + today[0], midnight + today[1]];
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
  /** For each day of a week counted from a Thursday: when the office opens and how long it stays open, in ms from India midnight (0 long when closed). */
  openMs: number[];
  lengthMs: number[];
  /** The working ms of the days of such a week before each day (8 entries: the last is the whole week's). */
  before: number[];
}

const EPOCH_WEEK_DAY = 4;

export function workingWeek(hours: WorkingHours): WorkingWeek {
  const days = dayHours(hours);
  const fromThursday = Array.from({ length: 7 }, (_, day) => days[(day + EPOCH_WEEK_DAY) % 7]);
  const openMs = fromThursday.map((day) => day?.[0] ?? 0);
  const lengthMs = fromThursday.map((day) => (day ? day[1] - day[0] : 0));
  const before = [0];
  for (const length of lengthMs) before.push(before.at(-1)! + length);
  return { openMs, lengthMs, before };
}

/** The working ms from the epoch (India midnight of 1 January 1970) up to `ms`. */
export function workingMsSinceEpoch(ms: number, week: WorkingWeek): number {
  const local = ms + INDIA_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  const weeks = Math.floor(day / 7);
  const inWeek = day - weeks * 7;
  const intoDay = local - day * DAY_MS;
  const today = Math.min(Math.max(intoDay - week.openMs[inWeek]!, 0), week.lengthMs[inWeek]!);
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
 * when that day's working hours open and close (undefined when it is not a working day), and when the
 * working day before it opened (the list's new enquiries are those given since then). Without
 * working hours every day counts, from midnight.
 */
export function workingDayOf(
  ms: number,
  hours: WorkingHours | undefined,
): { opensAt: number | undefined; closesAt: number | undefined; previousOpening: number } {
  const midnight = midnightOf(ms);
  const days = hours ? dayHours(hours) : undefined;
  const hoursOf = (dayMidnight: number): [number, number] | undefined => (days ? days[weekDayOf(dayMidnight)] : [0, DAY_MS]);
  let previous = midnight - DAY_MS;
  // Seven days back always meet a working day when the hours have any; without one, a week before stands in.
  for (let day = 1; day <= 7 && !hoursOf(previous); day++) previous -= DAY_MS;
  const today = hoursOf(midnight);
  return {
    opensAt: today && midnight + today[0],
    closesAt: today && midnight + today[1],
    previousOpening: previous + (hoursOf(previous)?.[0] ?? 0),
  };
}
