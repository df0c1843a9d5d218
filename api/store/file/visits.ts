import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Low } from 'lowdb';
import { DayRoom, withinCaps } from '../visitCaps';
import {
  batchesByDay,
  mergeCounts,
  type OriginCount,
  type VisitCaps,
  type VisitCount,
  type VisitListing,
  type VisitStore,
  type VisitTotals,
} from '../VisitStore';
import { listedKeys, totalsOf, withRestAsOther, type KeyedSum } from '../visitTotals';
import { appendDurably, writeDurably } from './durableWrites';
import { DataFileError, openJsonFile } from './openJsonFile';
import { DIR_MODE } from './segmentedRecords';

import {
  MONTH_FILE,
  TOTALS_FILE,
  OLD_MONTH_FILE,
  TODAY_FILE,
  EXPECTED_FILE,
  encodeDay,
  keyOfNameLine,
  isFiguresLine,
  isKeyedFigure,
  totalsLines,
  countsOf,
  dayOfLine,
  monthOf,
  nextTurn,
  totalsFrom,
  parseLine,
  readLines,
  readLineFile,
  cutTornLine,
  upgradeMonth,
  type FiguresLine,
  type NameLine,
  type Names,
  type DayLine,
} from './visitLines';
import { settle } from './settle';

/**
 * Visit counts in DATA_DIR/visits/. Today's counts are held in memory and in today.json, which
 * each flush replaces (the caps keep it small); when a later day begins, today's counts are
 * appended to their month's file as one line, and a month's file is never rewritten. Beside
 * each line its totals go into the month's totals file, which the dashboard reads: a day's
 * summary, not its rows. Past days are read from their files when asked for; nothing of them
 * stays in memory.
 */
export class FileVisits implements VisitStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    private today: { day: string; counts: Map<string, VisitCount> } | undefined,
    private readonly expected: Low<{ campaigns: string[] }>,
    /** The enquiries' part counts where they came from: they are kept there, not here. */
    private readonly originCounts: (since: string) => OriginCount[],
  ) {}

  static async open(dataDir: string, originCounts: (since: string) => OriginCount[]): Promise<FileVisits> {
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
    return new FileVisits(dir, today, expected, originCounts);
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
        const admitted = caps ? withinCaps(batch, new DayRoom(caps, expected, await this.counts(day, day))) : batch;
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

  async counts(from: string, to: string): Promise<VisitCount[]> {
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

  expectedCampaigns(): Promise<string[]> {
    return settle(() => [...this.expected.data.campaigns]);
  }

  addExpectedCampaign(name: string): Promise<boolean> {
    return this.setExpected((campaigns) => (campaigns.includes(name) ? undefined : [...campaigns, name]));
  }

  removeExpectedCampaign(name: string): Promise<boolean> {
    return this.setExpected((campaigns) => (campaigns.includes(name) ? campaigns.filter((other) => other !== name) : undefined));
  }

  enquiryOriginCounts(since: string): Promise<OriginCount[]> {
    return settle(() => this.originCounts(since));
  }

  private async setExpected(change: (campaigns: string[]) => string[] | undefined): Promise<boolean> {
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
