import { open, readFile, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import { batchesByDay, type VisitCount, type VisitTotals } from '../VisitStore';
import { totalsOf } from '../visitTotals';
import { writeDurably } from './durableWrites';
import { DataFileError } from './openJsonFile';

/* The visit files' lines: how a day's counts and its totals are written and read (file/visits.ts keeps them). */

/** A month's days, one line per batch of a day: YYYY-MM.jsonl. */
export const MONTH_FILE = /^(\d{4}-\d{2})\.jsonl$/;
/** The totals of each line of a month's file, in the same order, and their names: YYYY-MM.totals.jsonl. */
export const TOTALS_FILE = /^(\d{4}-\d{2})\.totals\.jsonl$/;
/** An older version's month: one list of every count, rewritten whole at each write. */
export const OLD_MONTH_FILE = /^(\d{4}-\d{2})\.json$/;
export const TODAY_FILE = 'today.json';
export const EXPECTED_FILE = 'expected-campaigns.json';

/**
 * A day's counts as one line of JSON, its origins written once each:
 * {"day", "closed"?, "origins": [[source, medium, campaign, referrer]], "counts": [[path, landing 0|1, origin index or -1, count]]}.
 * "closed" marks the line that ended the day's file of today.
 */
export interface DayLine {
  day: string;
  closed?: true;
  origins: [string, string, string, string][];
  counts: [string, 0 | 1, number, number][];
}

export function encodeDay(day: string, counts: Iterable<VisitCount>, closed = false): string {
  const origins: DayLine['origins'] = [];
  const index = new Map<string, number>();
  const rows: DayLine['counts'] = [];
  for (const count of counts) {
    let origin = -1;
    if (count.source || count.medium || count.campaign || count.referrer) {
      const key = [count.source, count.medium, count.campaign, count.referrer].join('\u0001');
      origin = index.get(key) ?? -1;
      if (origin === -1) {
        origin = origins.push([count.source, count.medium, count.campaign, count.referrer]) - 1;
        index.set(key, origin);
      }
    }
    rows.push([count.path, count.landing ? 1 : 0, origin, count.count]);
  }
  return JSON.stringify({ day, ...(closed && { closed: true }), origins, counts: rows } satisfies DayLine);
}

/**
 * The totals of one line of a month's file, written beside it when the line is appended: first
 * the names of its campaigns and referring sites, a line each (["key", "campaign", source,
 * medium, campaign] or ["key", "referrer", host]), then its figures by key: {"day", "through":
 * the month file's size with that line in it, "pages": [[path, visits, landings]], "campaigns":
 * [[key, visits]], "referrers": [[key, visits]]}. The dashboard parses the figures, and only the
 * names of what it lists.
 */
export interface FiguresLine {
  day: string;
  through: number;
  pages: [string, number, number][];
  campaigns: [string, number][];
  referrers: [string, number][];
}
export type NameLine =
  [key: string, kind: 'campaign', source: string, medium: string, campaign: string] | [key: string, kind: 'referrer', host: string];

/** Names by key, as their lines: each is parsed only when it is asked for. */
export type Names = Map<string, string>;
/** A name line begins `["` and its key: the key is read without parsing the line. */
export const keyOfNameLine = (line: string) => line.slice(2, 34);
export const isFiguresLine = (line: string) => line.startsWith('{');
export const isKeyedFigure = (figure: unknown[]) => figure.length === 2;

/** A batch's totals as their lines: the names, then the figures ("day" first, as in a month's file, so its day is read without parsing it). */
export function totalsLines(day: string, through: number, totals: VisitTotals): string[] {
  return [
    ...totals.campaigns.map((row) => JSON.stringify([row.key, 'campaign', row.source, row.medium, row.campaign] satisfies NameLine)),
    ...totals.referrers.map((row) => JSON.stringify([row.key, 'referrer', row.host] satisfies NameLine)),
    JSON.stringify({
      day,
      through,
      pages: totals.pages.map((page) => [page.path, page.visits, page.landings]),
      campaigns: totals.campaigns.map((row) => [row.key, row.visits]),
      referrers: totals.referrers.map((row) => [row.key, row.visits]),
    } satisfies FiguresLine),
  ];
}

export function countsOf(line: DayLine): VisitCount[] {
  const blank = ['', '', '', ''] as const;
  return line.counts.map(([page, landing, origin, count]) => {
    const [source, medium, campaign, referrer] = origin === -1 ? blank : line.origins[origin]!;
    return { day: line.day, path: page, landing: landing === 1, source, medium, campaign, referrer, count };
  });
}

/** Lines are written with "day" first: a line's day is read without parsing the line. */
export const dayOfLine = (line: string) => line.slice(8, 18);
export const monthOf = (day: string) => day.slice(0, 7);
/** One line per turn of the event loop: a long range never holds up other requests. */
export const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The totals of the lines of a month's file between two of its sizes (`from` is where a line starts). */
export async function totalsFrom(file: string, from: number, to: number): Promise<string[]> {
  const handle = await open(file, 'r');
  let bytes: Buffer;
  try {
    bytes = Buffer.alloc(to - from);
    await handle.read(bytes, 0, bytes.length, from);
  } finally {
    await handle.close();
  }
  const made: string[] = [];
  for (let start = 0, end = bytes.indexOf(0x0a); end !== -1; start = end + 1, end = bytes.indexOf(0x0a, start)) {
    await nextTurn();
    const line = parseLine(bytes.subarray(start, end).toString('utf8'), file);
    made.push(...totalsLines(line.day, from + end + 1, totalsOf(countsOf(line))));
  }
  return made;
}

export function parseLine(line: string, file: string): DayLine {
  try {
    return JSON.parse(line) as DayLine;
  } catch (error) {
    throw new DataFileError(`The data file ${file} has a line that cannot be read (${(error as Error).message}); it has not been changed.`);
  }
}

export async function readLines(file: string): Promise<string[]> {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function readLineFile(file: string): Promise<DayLine | undefined> {
  const [line] = await readLines(file);
  return line === undefined ? undefined : parseLine(line, file);
}

/**
 * A line cut short by a crash was never finished, so its day's file of today is still there
 * and will be closed again: the torn end is cut off, and every whole line is kept.
 */
export async function cutTornLine(file: string): Promise<void> {
  const handle = await open(file, 'r');
  let size: number;
  let endsWhole: boolean;
  try {
    size = (await handle.stat()).size;
    const last = Buffer.alloc(1);
    endsWhole = size === 0 || ((await handle.read(last, 0, 1, size - 1)).bytesRead === 1 && last[0] === 0x0a);
  } finally {
    await handle.close();
  }
  if (endsWhole) return;
  const text = await readFile(file);
  await truncate(file, text.lastIndexOf(0x0a) + 1);
}

/** An older version's month file (one list, rewritten at every write) becomes a month of closed days, then goes. */
export async function upgradeMonth(dir: string, month: string): Promise<void> {
  const file = path.join(dir, `${month}.json`);
  let counts: VisitCount[];
  try {
    counts = JSON.parse(await readFile(file, 'utf8')) as VisitCount[];
    if (!Array.isArray(counts)) throw new Error('not a list of counts');
  } catch (error) {
    throw new DataFileError(
      `The data file ${file} cannot be read (${(error as Error).message}). The server has stopped and has not changed it.`,
    );
  }
  const lines = batchesByDay(counts).map((day) => `${encodeDay(day[0]!.day, day, true)}\n`);
  await writeDurably(path.join(dir, `${month}.jsonl`), lines.join(''));
  await rm(file);
}
