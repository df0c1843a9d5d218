import type { ListPage } from '../../../src/shared/listPage';
import { emailKey, phoneOf, searchTerms, searchTextOf } from '../recordKeys';
import { isOverdue } from '../enquiryShapes';
import type { EnquiryQuery, EnquiryRecord, EnquirySummary, OverdueQuery, PersonKey } from '../Store';
import { BadCursorError } from '../storeErrors';

interface Entry {
  record: EnquiryRecord;
  /** Position in arrival order; cursors name it. */
  seq: number;
  phone: string;
  /** The name and e-mail in lower case, for search. */
  text: string;
}

/** Given to its current advisor at or after `since` (an ISO time): an assignment to them in its history since then. */
const assignedSince = (record: EnquiryRecord, since: string) =>
  record.assigneeId !== undefined &&
  record.history.some((entry) => entry.type === 'assignment' && entry.toId === record.assigneeId && entry.at >= since);

const summary = (record: EnquiryRecord, duplicates: number): EnquirySummary => {
  const { history: _history, ...rest } = record;
  return { ...rest, duplicates };
};

/**
 * Every enquiry of both forms in memory, in arrival order, with what the desk looks up:
 * the position of each, and which enquiries share a phone number. A list walks backwards
 * from the newest (or from the cursor) and stops once the page is full, counting the
 * rest of the matches as it goes, so a page costs one pass at most and no copy.
 */
export class EnquiryIndex {
  private readonly entries: Entry[] = [];
  private readonly byId = new Map<string, Entry>();
  private readonly byPhone = new Map<string, Set<string>>();
  private readonly byReference = new Map<string, string>();
  private nextSeq = 1;

  /** Adds records in arrival order (the caller sorts those read at start). */
  add(record: EnquiryRecord) {
    const phone = phoneOf(record.form, record.fields);
    const entry: Entry = { record, seq: this.nextSeq++, phone, text: searchTextOf(record.fields) };
    this.entries.push(entry);
    this.byId.set(record._id, entry);
    if (!this.byReference.has(record.reference)) this.byReference.set(record.reference, record._id);
    if (phone) this.byPhone.set(phone, (this.byPhone.get(phone) ?? new Set()).add(record._id));
  }

  remove(ids: Set<string>) {
    for (const id of ids) {
      const entry = this.byId.get(id);
      if (!entry) continue;
      this.byId.delete(id);
      if (this.byReference.get(entry.record.reference) === id) this.byReference.delete(entry.record.reference);
      this.byPhone.get(entry.phone)?.delete(id);
      if (this.byPhone.get(entry.phone)?.size === 0) this.byPhone.delete(entry.phone);
    }
    const kept = this.entries.filter((entry) => !ids.has(entry.record._id));
    this.entries.splice(0, this.entries.length, ...kept);
  }

  get(id: string): EnquiryRecord | undefined {
    return this.byId.get(id)?.record;
  }

  /** The enquiry that holds `reference`, if any. */
  idOfReference(reference: string): string | undefined {
    return this.byReference.get(reference);
  }

  /** Gives a stored enquiry another reference (one whose own was taken by an earlier one). */
  changeReference(id: string, reference: string) {
    const entry = this.byId.get(id)!;
    entry.record.reference = reference;
    this.byReference.set(reference, id);
  }

  duplicatesOf(record: EnquiryRecord): number {
    const entry = this.byId.get(record._id);
    return entry && entry.phone ? (this.byPhone.get(entry.phone)?.size ?? 1) - 1 : 0;
  }

  /** Every record, oldest first. */
  all(): EnquiryRecord[] {
    return this.entries.map((entry) => entry.record);
  }

  /** The ids of one person's enquiries, newest first. */
  idsOfPerson(who: PersonKey): string[] {
    const ids =
      'phone' in who
        ? [...(this.byPhone.get(who.phone) ?? [])]
        : this.entries.filter((entry) => emailKey(entry.record.fields.email) === who.email).map((entry) => entry.record._id);
    return ids.sort((a, b) => this.byId.get(b)!.seq - this.byId.get(a)!.seq);
  }

  /** The enquiries past their first-response target with no first contact and not escalated yet, oldest first. */
  overdue(query: OverdueQuery): EnquiryRecord[] {
    return this.entries.filter(({ record }) => isOverdue(record, query) && record.escalatedAt === undefined).map((entry) => entry.record);
  }

  /** The ids of enquiries nobody has touched since before `before` (an ISO time). */
  idsInactiveBefore(before: string): string[] {
    return this.entries.filter((entry) => entry.record.lastActivityAt < before).map((entry) => entry.record._id);
  }

  list(query: EnquiryQuery): ListPage<EnquirySummary> {
    const matches = this.matcher(query);
    // One reference names one enquiry at most: no walk through the rest.
    if (query.reference !== undefined) {
      const entry = this.byId.get(this.byReference.get(query.reference) ?? '');
      const found = entry && matches(entry) ? [entry] : [];
      const items = query.cursor === undefined ? found.map((one) => summary(one.record, this.duplicatesOf(one.record))) : [];
      return { items, nextCursor: null, total: found.length };
    }
    const start = query.cursor === undefined ? this.entries.length - 1 : this.positionBefore(query.cursor);
    const items: EnquirySummary[] = [];
    let total = 0;
    let lastSeq = 0;
    let more = false;
    for (let index = this.entries.length - 1; index >= 0; index--) {
      const entry = this.entries[index]!;
      if (!matches(entry)) continue;
      total += 1;
      if (index > start) continue;
      if (items.length >= query.limit) {
        more = true;
        continue;
      }
      items.push(summary(entry.record, this.duplicatesOf(entry.record)));
      lastSeq = entry.seq;
    }
    return { items, nextCursor: more ? String(lastSeq) : null, total };
  }

  /** The index of the newest entry older than the one the cursor names. */
  private positionBefore(cursor: string): number {
    const seq = Number(cursor);
    if (!/^\d{1,15}$/.test(cursor) || !Number.isSafeInteger(seq)) throw new BadCursorError();
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.entries[middle]!.seq < seq) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }

  private matcher(query: EnquiryQuery): (entry: Entry) => boolean {
    const terms = searchTerms(query.q);
    return ({ record, phone, text }) =>
      (query.form === undefined || record.form === query.form) &&
      (query.status === undefined || record.status === query.status) &&
      (query.phone === undefined || phone === query.phone) &&
      (query.campaign === undefined || record.origin?.campaign?.campaign === query.campaign) &&
      (query.assigneeId === undefined || (record.assigneeId ?? null) === query.assigneeId) &&
      (query.assignedSince === undefined || assignedSince(record, query.assignedSince)) &&
      (query.overdue === undefined || isOverdue(record, query.overdue)) &&
      (query.reference === undefined || record.reference === query.reference) &&
      (!query.consentMissing || record.consent === null) &&
      (query.dueBy === undefined ||
        (record.followUpOn !== null && record.followUpOn <= query.dueBy.date && !query.dueBy.finalStatuses.includes(record.status))) &&
      (!terms ||
        text.includes(terms.text) ||
        (terms.digits !== undefined && phone.includes(terms.digits)) ||
        record.reference === terms.reference);
  }
}
