import { mkdir, open, readdir, readFile, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import type { Low } from 'lowdb';
import { DayRoom, withinCaps } from '../visitCaps';
import { batchesByDay, mergeCounts, type VisitCaps, type VisitCount, type VisitTotals } from '../VisitStore';
import { appendDurably, writeDurably } from './durableJsonFile';
import { DataFileError, openJsonFile } from './openJsonFile';
import { DIR_MODE } from './recordShelf';

/** A month's days, one line per batch of a day: YYYY-MM.jsonl. */
const MONTH_FILE = /^(\d{4}-\d{2})\.jsonl$/;
/** An older version's month: one list of every count, rewritten whole at each write. */
const OLD_MONTH_FILE = /^(\d{4}-\d{2})\.json$/;
const TODAY_FILE = 'today.json';
const EXPECTED_FILE = 'expected-campaigns.json';

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

function encodeDay(day: string, counts: Iterable<VisitCount>, closed = false): string {
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

function countsOf(line: DayLine): VisitCount[] {
  const blank = ['', '', '', ''] as const;
  return line.counts.map(([page, landing, origin, count]) => {
    const [source, medium, campaign, referrer] = origin === -1 ? blank : line.origins[origin]!;
    return { day: line.day, path: page, landing: landing === 1, source, medium, campaign, referrer, count };
  });
}

/** Lines are written with "day" first: a line's day is read without parsing the line. */
const dayOfLine = (line: string) => line.slice(8, 18);
const monthOf = (day: string) => day.slice(0, 7);

/**
 * Visit counts in DATA_DIR/visits/. Today's counts are held in memory and in today.json, which
 * each flush replaces (the caps keep it small); when a later day begins, today's counts are
 * appended to their month's file as one line, and a month's file is never rewritten. Past days
 * are read from their files when asked for; nothing of them stays in memory.
 */
export class VisitFile {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    private today: { day: string; counts: Map<string, VisitCount> } | undefined,
    private readonly expected: Low<{ campaigns: string[] }>,
  ) {}

  static async open(dataDir: string): Promise<VisitFile> {
    const dir = path.join(dataDir, 'visits');
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
    for (const name of await readdir(dir)) {
      const old = OLD_MONTH_FILE.exec(name)?.[1];
      if (old) await upgradeMonth(dir, old);
    }
    for (const name of await readdir(dir)) if (MONTH_FILE.test(name)) await cutTornLine(path.join(dir, name));
    const expected = await openJsonFile(path.join(dir, EXPECTED_FILE), { campaigns: [] as string[] }, (data) =>
      Array.isArray((data as { campaigns?: unknown }).campaigns),
    );
    const todayFile = path.join(dir, TODAY_FILE);
    const line = await readLineFile(todayFile);
    let today: { day: string; counts: Map<string, VisitCount> } | undefined;
    if (line) {
      // A crash between closing the day and removing its file: the month already has the day.
      const monthLines = await readLines(path.join(dir, `${monthOf(line.day)}.jsonl`));
      const last = monthLines.at(-1);
      if (last && dayOfLine(last) === line.day && (JSON.parse(last) as DayLine).closed) await rm(todayFile, { force: true });
      else today = { day: line.day, counts: mergeCounts(countsOf(line)) };
    }
    return new VisitFile(dir, today, expected);
  }

  /** One batch at a time: each starts from what the one before it wrote. */
  add(counts: readonly VisitCount[], caps?: VisitCaps): Promise<VisitCount[]> {
    const run = this.queue.then(() => this.write(counts, caps));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(counts: readonly VisitCount[], caps: VisitCaps | undefined): Promise<VisitCount[]> {
    const added: VisitCount[] = [];
    const expected = new Set(this.expected.data.campaigns);
    for (const batch of batchesByDay(counts)) {
      const day = batch[0]!.day;
      if (this.today && day > this.today.day) await this.closeToday();
      if (!this.today || day === this.today.day) {
        const held = this.today?.counts ?? new Map<string, VisitCount>();
        const admitted = caps ? withinCaps(batch, new DayRoom(caps, expected, held.values())) : batch;
        // Memory changes only once the file is on disk, so a failed write retried is not counted twice.
        const next = mergeCounts(admitted, new Map([...held].map(([key, count]) => [key, { ...count }])));
        await writeDurably(path.join(this.dir, TODAY_FILE), encodeDay(day, next.values()));
        this.today = { day, counts: next };
        added.push(...admitted);
      } else {
        // A day already closed (a write retried after midnight): its own line, within what the day holds.
        const admitted = caps ? withinCaps(batch, new DayRoom(caps, expected, await this.countsOfDays(day, day))) : batch;
        await appendDurably(path.join(this.dir, `${monthOf(day)}.jsonl`), `${encodeDay(day, admitted)}\n`);
        added.push(...admitted);
      }
    }
    return added;
  }

  /** Appends today's counts to its month as the day's closing line, then removes today's file. */
  private async closeToday(): Promise<void> {
    const { day, counts } = this.today!;
    if (counts.size > 0) await appendDurably(path.join(this.dir, `${monthOf(day)}.jsonl`), `${encodeDay(day, counts.values(), true)}\n`);
    await rm(path.join(this.dir, TODAY_FILE), { force: true });
    this.today = undefined;
  }

  /** The lines of the days from `from` to `to`, one month file at a time, today's from memory. */
  private async *linesOf(from: string, to: string): AsyncGenerator<DayLine> {
    const months = (await readdir(this.dir))
      .map((name) => MONTH_FILE.exec(name)?.[1])
      .filter((month): month is string => month !== undefined && month >= monthOf(from) && month <= monthOf(to))
      .sort();
    for (const month of months) {
      const file = path.join(this.dir, `${month}.jsonl`);
      for (const line of await readLines(file)) {
        const day = dayOfLine(line);
        if (day < from || day > to) continue;
        // One day's line per turn of the event loop: a long range never holds up other requests.
        await new Promise((resolve) => setImmediate(resolve));
        yield parseLine(line, file);
      }
    }
    if (this.today && this.today.day >= from && this.today.day <= to)
      yield JSON.parse(encodeDay(this.today.day, this.today.counts.values())) as DayLine;
  }

  async countsOfDays(from: string, to: string): Promise<VisitCount[]> {
    const merged = new Map<string, VisitCount>();
    for await (const line of this.linesOf(from, to)) mergeCounts(countsOf(line), merged);
    return [...merged.values()];
  }

  /** Added up straight from the lines, each origin's campaign and site worked out once per line. */
  async totals(from: string, to: string): Promise<VisitTotals> {
    const pages = new Map<string, VisitTotals['pages'][number]>();
    const campaigns = new Map<string, VisitTotals['campaigns'][number]>();
    const referrers = new Map<string, VisitTotals['referrers'][number]>();
    for await (const line of this.linesOf(from, to)) {
      const origins = line.origins.map(([source, medium, campaign, host]) => ({
        campaign:
          source || medium || campaign
            ? tally(campaigns, [source, medium, campaign].join('\u0001'), () => ({ source, medium, campaign, visits: 0 }))
            : undefined,
        referrer: host ? tally(referrers, host, () => ({ host, visits: 0 })) : undefined,
      }));
      for (const [page, landing, origin, count] of line.counts) {
        const figures = tally(pages, page, () => ({ path: page, visits: 0, landings: 0 }));
        figures.visits += count;
        if (landing !== 1) continue;
        figures.landings += count;
        const from = origins[origin];
        if (from?.campaign) from.campaign.visits += count;
        if (from?.referrer) from.referrer.visits += count;
      }
    }
    return { pages: [...pages.values()], campaigns: [...campaigns.values()], referrers: [...referrers.values()] };
  }

  /** Removes the files of the months before `month` (YYYY-MM). */
  async deleteMonthsBefore(month: string): Promise<void> {
    await this.queue;
    for (const name of await readdir(this.dir)) {
      const of = MONTH_FILE.exec(name)?.[1];
      if (of !== undefined && of < month) await rm(path.join(this.dir, name), { force: true });
    }
    if (this.today && monthOf(this.today.day) < month) {
      await rm(path.join(this.dir, TODAY_FILE), { force: true });
      this.today = undefined;
    }
  }

  get expectedCampaigns(): string[] {
    return [...this.expected.data.campaigns];
  }

  async setExpected(change: (campaigns: string[]) => string[] | undefined): Promise<boolean> {
    const next = change(this.expected.data.campaigns);
    if (!next) return false;
    this.expected.data.campaigns = next;
    await this.expected.write();
    return true;
  }

  flush(): Promise<unknown> {
    return Promise.all([this.queue, this.expected.write()]);
  }
}

const tally = <T>(map: Map<string, T>, key: string, start: () => T): T => {
  let row = map.get(key);
  if (!row) map.set(key, (row = start()));
  return row;
};

function parseLine(line: string, file: string): DayLine {
  try {
    return JSON.parse(line) as DayLine;
  } catch (error) {
    throw new DataFileError(`The data file ${file} has a line that cannot be read (${(error as Error).message}); it has not been changed.`);
  }
}

async function readLines(file: string): Promise<string[]> {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readLineFile(file: string): Promise<DayLine | undefined> {
  const [line] = await readLines(file);
  return line === undefined ? undefined : parseLine(line, file);
}

/**
 * A line cut short by a crash was never finished, so its day's file of today is still there
 * and will be closed again: the torn end is cut off, and every whole line is kept.
 */
async function cutTornLine(file: string): Promise<void> {
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
async function upgradeMonth(dir: string, month: string): Promise<void> {
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
