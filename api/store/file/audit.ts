import path from 'node:path';
import type { AuditEntry } from '../../../src/shared/audit';
import type { ListPage } from '../../../src/shared/listPage';
import type { AuditStore, NewAuditEntry } from '../AuditStore';
import type { Clock } from '../../clock';
import { BadCursorError } from '../storeErrors';
import { onRolledBack } from './fileTransaction';
import { SegmentedRecords } from './segmentedRecords';
import { settle } from './settle';

type StoredAudit = Omit<AuditEntry, 'id'> & { _id: string };

let counter = 0;
/** Ids that sort in the order entries were written: the time, then a counter for the same millisecond. */
const nextId = (now: number) =>
  `${now.toString(36).padStart(9, '0')}-${(counter = (counter + 1) % 1_000_000).toString(36).padStart(4, '0')}`;
const ID = /^[0-9a-z]{9}-[0-9a-z]{4}$/;

/** The audit log in DATA_DIR/audit/, in segments like the enquiries, held in memory oldest first. */
export class FileAudit implements AuditStore {
  private constructor(
    private readonly records: SegmentedRecords<StoredAudit>,
    private readonly entries: StoredAudit[],
    private readonly clock: Clock,
  ) {}

  static async open(dataDir: string, clock: Clock): Promise<FileAudit> {
    const records = await SegmentedRecords.open<StoredAudit>(path.join(dataDir, 'audit'));
    return new FileAudit(records, [...records.newestFirst()].reverse(), clock);
  }

  async add(entry: NewAuditEntry): Promise<void> {
    const now = this.clock.now();
    const stored: StoredAudit = { _id: nextId(now), at: new Date(now).toISOString(), ...entry };
    await this.records.add(stored);
    this.entries.push(stored);
    onRolledBack(() => this.entries.splice(this.entries.lastIndexOf(stored), 1));
  }

  /** An entry kept elsewhere, at its own time (and an id of this log's kind made from it); oldest first. */
  async import({ id: _id, at, ...rest }: AuditEntry): Promise<void> {
    const stored: StoredAudit = { _id: nextId(Date.parse(at)), at, ...rest };
    await this.records.add(stored);
    this.entries.push(stored);
  }

  list({ limit, cursor }: { limit: number; cursor?: string }): Promise<ListPage<AuditEntry>> {
    return settle(() => {
      if (cursor !== undefined && !ID.test(cursor)) throw new BadCursorError();
      let end = this.entries.length;
      if (cursor !== undefined) {
        // The first entry at or after the cursor: the page ends just before it.
        let low = 0;
        while (low < end) {
          const middle = (low + end) >> 1;
          if (this.entries[middle]!._id < cursor) low = middle + 1;
          else end = middle;
        }
      }
      const page = this.entries.slice(Math.max(0, end - limit), end).reverse();
      const items = page.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
      return { items, nextCursor: end - limit > 0 ? page.at(-1)!._id : null, total: this.entries.length };
    });
  }

  /** Deletes the entries written before `before`; they are oldest first, so they are the head of the list. */
  async trim(before: string): Promise<number> {
    let count = 0;
    while (count < this.entries.length && this.entries[count]!.at < before) count++;
    if (count === 0) return 0;
    await this.records.delete(this.entries.slice(0, count).map((entry) => entry._id));
    this.entries.splice(0, count);
    return count;
  }

  flush(): Promise<void> {
    return this.records.flush();
  }
}
