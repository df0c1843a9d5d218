import type { ListPage } from '../../../src/shared/listPage';
import type { EnquiryRecord } from '../Store';
import { BadCursorError } from '../storeErrors';

interface Placed {
  record: EnquiryRecord;
  /** Its place in arrival order; cursors name it. */
  seq: number;
}

/** Where a record was when it last moved: the lists it is in. */
interface Stage {
  status: string;
  assigneeId: string | undefined;
}

const NOBODY = '';

/**
 * The board's index of the file store: for each status, and each status and advisor, the enquiries
 * in it in arrival order, kept as they change. A column's page is a walk back from its newest card
 * (or the cursor) and its total the list's length, so the board costs the same with 100 enquiries
 * stored or 1,00,000.
 */
export class StageIndex {
  private readonly lists = new Map<string, Placed[]>();
  private readonly placed = new Map<string, Placed & Stage>();
  private nextSeq = 1;

  private listsOf({ status, assigneeId }: Stage): Placed[][] {
    const keys = [status, `${status}\u0000${assigneeId ?? NOBODY}`];
    return keys.map((key) => {
      let list = this.lists.get(key);
      if (!list) this.lists.set(key, (list = []));
      return list;
    });
  }

  /** Adds a record that has just arrived (or was read at start, in arrival order). */
  add(record: EnquiryRecord) {
    const entry = { record, seq: this.nextSeq++, status: record.status, assigneeId: record.assigneeId };
    this.placed.set(record._id, entry);
    for (const list of this.listsOf(entry)) list.push(entry);
  }

  remove(id: string) {
    const entry = this.placed.get(id);
    if (!entry) return;
    this.placed.delete(id);
    for (const list of this.listsOf(entry)) list.splice(positionOf(list, entry.seq), 1);
  }

  /** Follows a record whose status or advisor may have changed. */
  moved(record: EnquiryRecord) {
    const entry = this.placed.get(record._id);
    if (!entry || (entry.status === record.status && entry.assigneeId === record.assigneeId)) return;
    for (const list of this.listsOf(entry)) list.splice(positionOf(list, entry.seq), 1);
    entry.status = record.status;
    entry.assigneeId = record.assigneeId;
    for (const list of this.listsOf(entry)) list.splice(positionOf(list, entry.seq), 0, entry);
  }

  /** One page of a status's records (of one advisor's, when `assigneeId` is given), newest first. */
  page(query: { status: string; assigneeId?: string; limit: number; cursor?: string }): ListPage<EnquiryRecord> {
    const key = query.assigneeId === undefined ? query.status : `${query.status}\u0000${query.assigneeId}`;
    const list = this.lists.get(key) ?? [];
    let end = list.length;
    if (query.cursor !== undefined) {
      const seq = Number(query.cursor);
      if (!/^\d{1,15}$/.test(query.cursor) || !Number.isSafeInteger(seq)) throw new BadCursorError();
      end = positionOf(list, seq);
    }
    const start = Math.max(0, end - query.limit);
    const items = list.slice(start, end).reverse();
    return { items: items.map((entry) => entry.record), nextCursor: start > 0 ? String(items.at(-1)!.seq) : null, total: list.length };
  }
}

/** The index of the first entry of `list` (in arrival order) at or after `seq`. */
function positionOf(list: Placed[], seq: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.seq < seq) low = middle + 1;
    else high = middle;
  }
  return low;
}
