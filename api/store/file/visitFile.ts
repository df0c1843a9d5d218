import { mkdir, open, readdir, readFile, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import type { Low } from 'lowdb';
import { DayRoom, withinCaps } from '../visitCaps';
import { batchesByDay, mergeCounts, type VisitCaps, type VisitCount, type VisitListing, type VisitTotals } from '../VisitStore';
import { listedKeys, totalsOf, withRestAsOther, type KeyedSum } from '../visitTotals';
import { appendDurably, writeDurably } from './durableJsonFile';
import { DataFileError, openJsonFile } from './openJsonFile';
import { DIR_MODE } from './recordShelf';

/** A month's days, one line per batch of a day: YYYY-MM.jsonl. */
const MONTH_FILE = /^(\d{4}-\d{2})\.jsonl$/;
/** The totals of each line of a month's file, in the same order, and their names: YYYY-MM.totals.jsonl. */
const TOTALS_FILE = /^(\d{4}-\d{2})\.totals\.jsonl$/;
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

/**
 * The totals of one line of a month's file, written beside it when the line is appended: first
 * the names of its campaigns and referring sites, a line each (["key", "campaign", source,
 * medium, campaign] or ["key", "referrer", host]), then its figures by key: {"day", "through":
 * the month file's size with that line in it, "pages": [[path, visits, landings]], "campaigns":
 * [[key, visits]], "referrers": [[key, visits]]}. The dashboard parses the figures, and only the
 * names of what it lists.
 */
interface FiguresLine {
  day: string;
  through: number;
  pages: [string, number, number][];
  campaigns: [string, number][];
  referrers: [string, number][];
}
type NameLine =
  [key: string, kind: 'campaign', source: string, medium: string, campaign: string] | [key: string, kind: 'referrer', host: string];

/** Names by key, as their lines: each is parsed only when it is asked for. */
type Names = Map<string, string>;
/** A name line begins `["` and its key: the key is read without parsing the line. */
const keyOfNameLine = (line: string) => line.slice(2, 34);
const isFiguresLine = (line: string) => line.startsWith('{');
const isKeyedFigure = (figure: unknown[]) => figure.length === 2;

/** A batch's totals as their lines: the names, then the figures ("day" first, as in a month's file, so its day is read without parsing it). */
function totalsLines(day: string, through: number, totals: VisitTotals): string[] {
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
/** One line per turn of the event loop: a long range never holds up other requests. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Visit counts in DATA_DIR/visits/. Today's counts are held in memory and in today.json, which
 * each flush replaces (the caps keep it small); when a later day begins, today's counts are
 * appended to their month's file as one line, and a month's file is never rewritten. Beside
 * each line its totals go into the month's totals file, which the dashboard reads: a day's
 * summary, not its rows. Past days are read from their files when asked for; nothing of them
 * stays in memory.
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
    for (const name of await readdir(dir)) if (MONTH_FILE.test(name) || TOTALS_FILE.test(name)) await cutTornLine(path.join(dir, name));
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

  /** One batch, or one read of totals that may bring them up to date, at a time: each starts from what the one before it wrote. */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  add(counts: readonly VisitCount[], caps?: VisitCaps): Promise<VisitCount[]> {
    return this.serially(() => this.write(counts, caps));
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
        await this.appendDay(day, admitted);
        added.push(...admitted);
      }
    }
    return added;
  }

  /** Appends today's counts to its month as the day's closing line, then removes today's file. */
  private async closeToday(): Promise<void> {
    const { day, counts } = this.today!;
    if (counts.size > 0) await this.appendDay(day, [...counts.values()], true);
    await rm(path.join(this.dir, TODAY_FILE), { force: true });
    this.today = undefined;
  }

  /** Appends a batch of a day to its month's file, then its totals (and those of any line before it that lacks them) to the month's totals. */
  private async appendDay(day: string, counts: VisitCount[], closed = false): Promise<void> {
    await appendDurably(this.monthFile(monthOf(day)), `${encodeDay(day, counts, closed)}\n`);
    // The batch is on disk and must not be written again: totals that fail now are made at the next read.
    await this.totalsOfMonth(monthOf(day), day, day, new Map()).catch(() => undefined);
  }

  /**
   * Totals that cannot be written are no error: the counts they add up are on disk, and the
   * next read of the month makes them again from the lines they lack.
   */
  private async keepTotals(month: string, lines: string[], how: 'append' | 'replace'): Promise<void> {
    const text = lines.map((line) => `${line}\n`).join('');
    const file = this.totalsFile(month);
    await (how === 'append' ? appendDurably(file, text) : writeDurably(file, text)).catch(() => undefined);
  }

  private monthFile(month: string): string {
    return path.join(this.dir, `${month}.jsonl`);
  }

  private totalsFile(month: string): string {
    return path.join(this.dir, `${month}.totals.jsonl`);
  }

  /** The months that have a file and days from `from` to `to`, oldest first. */
  private async monthsOf(from: string, to: string): Promise<string[]> {
    return (await readdir(this.dir))
      .map((name) => MONTH_FILE.exec(name)?.[1])
      .filter((month): month is string => month !== undefined && month >= monthOf(from) && month <= monthOf(to))
      .sort();
  }

  /** The lines of the days from `from` to `to`, one month file at a time, today's from memory. */
  private async *linesOf(from: string, to: string): AsyncGenerator<DayLine> {
    for (const month of await this.monthsOf(from, to)) {
      const file = this.monthFile(month);
      for (const line of await readLines(file)) {
        const day = dayOfLine(line);
        if (day < from || day > to) continue;
        await nextTurn();
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

  /**
   * The totals of the days from `from` to `to`: each month's totals, brought up to date first,
   * and today's counts. With `listing`, only what the dashboard can list comes with its names;
   * the rest is added into the "(other)" rows.
   */
  async totals(from: string, to: string, listing?: VisitListing): Promise<VisitTotals> {
    const pages = new Map<string, VisitTotals['pages'][number]>();
    const sums = new Map<string, KeyedSum>();
    const names: Names = new Map();
    const addSum = (key: string, kind: KeyedSum['kind'], visits: number) => {
      const sum = sums.get(key);
      if (sum) sum.visits += visits;
      else sums.set(key, { key, kind, visits });
    };
    const add = (figures: FiguresLine) => {
      for (const [path, visits, landings] of figures.pages) {
        const page = pages.get(path);
        if (page) {
          page.visits += visits;
          page.landings += landings;
        } else pages.set(path, { path, visits, landings });
      }
      for (const [key, visits] of figures.campaigns) addSum(key, 'campaign', visits);
      for (const [key, visits] of figures.referrers) addSum(key, 'referrer', visits);
    };
    await this.serially(async () => {
      for (const month of await this.monthsOf(from, to))
        for (const figures of await this.totalsOfMonth(month, from, to, names)) add(figures);
      if (this.today && this.today.day >= from && this.today.day <= to)
        for (const line of totalsLines(this.today.day, 0, totalsOf(this.today.counts.values())))
          if (isFiguresLine(line)) add(JSON.parse(line) as FiguresLine);
          else names.set(keyOfNameLine(line), line);
    });
    const nameOf = (key: string): NameLine => {
      try {
        return JSON.parse(names.get(key)!) as NameLine;
      } catch (error) {
        throw new DataFileError(
          `A visit totals file in ${this.dir} has no readable names for ${key} (${(error as Error).message}); remove the *.totals.jsonl files and they are made again from the counts.`,
        );
      }
    };
    const all = [...sums.values()];
    const listed = listing && listedKeys(all, listing, (key) => ({ source: nameOf(key)[2], campaign: nameOf(key)[4] ?? '' }));
    const totals: VisitTotals = { pages: [...pages.values()], campaigns: [], referrers: [] };
    const rest = { campaign: 0, referrer: 0 };
    for (const { key, kind, visits } of all) {
      if (listed && !listed.has(key)) rest[kind] += visits;
      else {
        const line = nameOf(key);
        if (line[1] === 'campaign') totals.campaigns.push({ key, source: line[2], medium: line[3], campaign: line[4], visits });
        else totals.referrers.push({ key, host: line[2], visits });
      }
    }
    return withRestAsOther(totals, rest);
  }

  /**
   * The figures lines of a month's days from `from` to `to`, the month's names put into `names`.
   * The lines of the month's file after the last one with totals (a batch just appended, a month
   * written before totals were kept, a crash between the two appends) get theirs now, and they
   * are kept; totals that do not match the file (longer than it, or a line that cannot be read)
   * are made again whole.
   */
  private async totalsOfMonth(month: string, from: string, to: string, names: Names): Promise<FiguresLine[]> {
    const file = this.monthFile(month);
    const size = (await stat(file)).size;
    const take = async (lines: string[]) => {
      const wanted: FiguresLine[] = [];
      let through = 0;
      let last = lines.length - 1;
      while (last >= 0 && !isFiguresLine(lines[last]!)) last -= 1;
      for (const [at, line] of lines.entries()) {
        if (!isFiguresLine(line)) {
          names.set(keyOfNameLine(line), line);
          continue;
        }
        const day = dayOfLine(line);
        const inRange = day >= from && day <= to;
        if (!inRange && at !== last) continue;
        await nextTurn();
        const figures = JSON.parse(line) as FiguresLine;
        // Totals written before names had lines of their own ([key, names…, visits]) are made again whole.
        if (!figures.campaigns.every(isKeyedFigure) || !figures.referrers.every(isKeyedFigure))
          throw new Error('totals of an older format');
        if (inRange) wanted.push(figures);
        through = figures.through;
      }
      return { wanted, through };
    };
    let kept = await take(await readLines(this.totalsFile(month))).catch(() => ({ wanted: [], through: Infinity }));
    const whole = kept.through > size;
    if (whole) kept = { wanted: [], through: 0 };
    if (kept.through === size) return kept.wanted;
    const made = await totalsFrom(file, kept.through, size);
    await this.keepTotals(month, made, whole ? 'replace' : 'append');
    return [...kept.wanted, ...(await take(made)).wanted];
  }

  /** Removes the files of the months before `month` (YYYY-MM). */
  deleteMonthsBefore(month: string): Promise<void> {
    return this.serially(async () => {
      for (const name of await readdir(this.dir)) {
        const of = MONTH_FILE.exec(name)?.[1] ?? TOTALS_FILE.exec(name)?.[1];
        if (of !== undefined && of < month) await rm(path.join(this.dir, name), { force: true });
      }
      if (this.today && monthOf(this.today.day) < month) {
        await rm(path.join(this.dir, TODAY_FILE), { force: true });
        this.today = undefined;
      }
    });
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

/** The totals of the lines of a month's file between two of its sizes (`from` is where a line starts). */
async function totalsFrom(file: string, from: number, to: number): Promise<string[]> {
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
