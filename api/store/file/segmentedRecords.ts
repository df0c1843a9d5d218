import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durableJsonFile';
import { onUndo } from './fileTransaction';
import { openJsonFile } from './openJsonFile';

/**
 * Records are kept in segment files of at most this many, so one write never rewrites
 * more than one segment, however long the firm's history grows.
 */
export const SEGMENT_SIZE = 1000;
const SEGMENT_NAME = /^\d{6}\.json$/;
export const DIR_MODE = 0o700;

interface Segment<R> {
  records: R[];
}

const isSegment = (data: unknown) =>
  !!data &&
  Array.isArray((data as Segment<unknown>).records) &&
  (data as Segment<{ _id?: unknown }>).records.every((record) => typeof record?._id === 'string');

/**
 * One folder of records (one form's enquiries, say) in numbered segment files, oldest
 * first, all held in memory. Each change rewrites only the segment that holds the record,
 * durably, and resolves once it is on the disk.
 */
export class SegmentedRecords<R extends { _id: string }> {
  private readonly segments: Low<Segment<R>>[] = [];
  private readonly segmentOf = new Map<string, Low<Segment<R>>>();

  private constructor(
    private readonly dir: string,
    private readonly segmentSize: number,
  ) {}

  /**
   * Reads every segment. `upgrade` turns a record written by an older version into the
   * current shape (or returns undefined when it is current); an upgraded segment is
   * written back before the records are used.
   */
  static async open<R extends { _id: string }>(
    dir: string,
    options: { segmentSize?: number; upgrade?: (raw: R) => R | undefined } = {},
  ): Promise<SegmentedRecords<R>> {
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    const records = new SegmentedRecords<R>(dir, options.segmentSize ?? SEGMENT_SIZE);
    for (const name of readdirSync(dir)
      .filter((file) => SEGMENT_NAME.test(file))
      .sort()) {
      const segment = await openJsonFile<Segment<R>>(path.join(dir, name), { records: [] }, isSegment);
      if (options.upgrade) {
        let upgraded = false;
        segment.data.records = segment.data.records.map((record) => {
          const current = options.upgrade!(record);
          upgraded ||= current !== undefined;
          return current ?? record;
        });
        if (upgraded) await segment.write();
      }
      records.segments.push(segment);
      for (const record of segment.data.records) records.segmentOf.set(record._id, segment);
    }
    return records;
  }

  get size(): number {
    return this.segmentOf.size;
  }

  get(id: string): R | undefined {
    return this.segmentOf.get(id)?.data.records.find((record) => record._id === id);
  }

  private writableSegment(): Low<Segment<R>> {
    const last = this.segments.at(-1);
    if (last && last.data.records.length < this.segmentSize) return last;
    const name = `${String(this.segments.length + 1).padStart(6, '0')}.json`;
    const segment = new Low<Segment<R>>(new DurableJsonFile<Segment<R>>(path.join(this.dir, name)), { records: [] });
    this.segments.push(segment);
    return segment;
  }

  async add(record: R): Promise<void> {
    const segment = this.writableSegment();
    segment.data.records.push(record);
    this.segmentOf.set(record._id, segment);
    onUndo(() => this.takeOut(segment, record));
    try {
      await segment.write();
    } catch (error) {
      // Not on disk, so not acknowledged: take it back out rather than let a later write save it silently.
      this.takeOut(segment, record);
      throw error;
    }
  }

  private takeOut(segment: Low<Segment<R>>, record: R) {
    segment.data.records = segment.data.records.filter((candidate) => candidate !== record);
    this.segmentOf.delete(record._id);
  }

  /** Puts a record back as it was, in place (indexes hold it). */
  private static restore<R>(record: R, before: R) {
    for (const key of Object.keys(record as object)) if (!(key in (before as object))) delete record[key as keyof R];
    Object.assign(record as object, before);
  }

  /**
   * Changes one record in place and saves its segment; undefined if it no longer exists. If the
   * write fails the record is put back as it was, in place (indexes hold it), so nothing in memory
   * moves that is not on disk, and a later write cannot save the change silently.
   */
  async update(id: string, change: (record: R) => void): Promise<R | undefined> {
    const segment = this.segmentOf.get(id);
    const record = segment?.data.records.find((candidate) => candidate._id === id);
    if (!segment || !record) return undefined;
    const before = structuredClone(record);
    change(record);
    onUndo(() => SegmentedRecords.restore(record, before));
    try {
      await segment.write();
    } catch (error) {
      SegmentedRecords.restore(record, before);
      throw error;
    }
    return record;
  }

  /** Newest first. */
  *newestFirst(): Generator<R> {
    for (let s = this.segments.length - 1; s >= 0; s--) {
      const records = this.segments[s]!.data.records;
      for (let r = records.length - 1; r >= 0; r--) yield records[r]!;
    }
  }

  /** Removes records for good: each segment that held one is rewritten without it. Returns how many went. */
  async delete(ids: Iterable<string>): Promise<number> {
    const bySegment = new Map<Low<Segment<R>>, Set<string>>();
    for (const id of ids) {
      const segment = this.segmentOf.get(id);
      if (segment) bySegment.set(segment, (bySegment.get(segment) ?? new Set()).add(id));
    }
    let removed = 0;
    for (const [segment, gone] of bySegment) {
      const before = segment.data.records;
      segment.data.records = before.filter((record) => !gone.has(record._id));
      for (const id of gone) this.segmentOf.delete(id);
      const putBack = () => {
        segment.data.records = before;
        for (const id of gone) this.segmentOf.set(id, segment);
      };
      onUndo(putBack);
      try {
        await segment.write();
      } catch (error) {
        putBack();
        throw error;
      }
      removed += gone.size;
    }
    return removed;
  }

  async flush(): Promise<void> {
    await Promise.all(this.segments.map((segment) => segment.write()));
  }
}
