import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { VisitCount } from '../VisitStore';
import { visitKeyOf } from '../VisitStore';
import { writeDurably } from './durableJsonFile';
import { DataFileError } from './openJsonFile';
import { DIR_MODE } from './recordShelf';

const MONTH_FILE = /^(\d{4}-\d{2})\.json$/;

/**
 * Visit counts in DATA_DIR/visits/, one file per month (YYYY-MM.json) of { key: count }, held
 * in memory. A batch rewrites only the months it touched, so a year of counts costs a month's
 * write, not a year's.
 */
export class VisitFile {
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    private readonly months: Map<string, Map<string, VisitCount>>,
  ) {}

  static async open(dataDir: string): Promise<VisitFile> {
    const dir = path.join(dataDir, 'visits');
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
    const months = new Map<string, Map<string, VisitCount>>();
    for (const name of await readdir(dir)) {
      const month = MONTH_FILE.exec(name)?.[1];
      if (!month) continue;
      const file = path.join(dir, name);
      let counts: VisitCount[];
      try {
        counts = JSON.parse(await readFile(file, 'utf8')) as VisitCount[];
        if (!Array.isArray(counts)) throw new Error('not a list of counts');
      } catch (error) {
        throw new DataFileError(
          `The data file ${file} cannot be read (${(error as Error).message}). The server has stopped and has not changed it.`,
        );
      }
      months.set(month, new Map(counts.map((count) => [visitKeyOf(count), count])));
    }
    return new VisitFile(dir, months);
  }

  /** Adds counts of one month at most (the counter sends a day at a time): written whole, then kept in memory. */
  add(counts: readonly VisitCount[]): Promise<void> {
    // One batch at a time: each starts from the months the one before it wrote.
    const run = this.queue.then(() => this.write(counts));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(counts: readonly VisitCount[]): Promise<void> {
    const touched = new Map<string, Map<string, VisitCount>>();
    for (const count of counts) {
      const month = count.day.slice(0, 7);
      const kept = touched.get(month) ?? new Map(this.months.get(month));
      touched.set(month, kept);
      const key = visitKeyOf(count);
      kept.set(key, { ...count, count: (kept.get(key)?.count ?? 0) + count.count });
    }
    // Memory changes only once the month is on disk, so a failed write retried is not counted twice.
    for (const [month, kept] of touched) {
      await writeDurably(path.join(this.dir, `${month}.json`), JSON.stringify([...kept.values()]));
      this.months.set(month, kept);
    }
  }

  counts(from: string, to: string): VisitCount[] {
    const found: VisitCount[] = [];
    for (const [month, counts] of this.months) {
      if (month < from.slice(0, 7) || month > to.slice(0, 7)) continue;
      for (const count of counts.values()) if (count.day >= from && count.day <= to) found.push({ ...count });
    }
    return found;
  }
}
