import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DeskStats } from '../../../src/shared/deskStats';
import type { ListPage } from '../../../src/shared/listPage';
import { ENQUIRY_FORMS as FORMS, type FormKind } from '../../../src/shared/forms/formSchemas';
import type {
  Channel,
  DeliveryState,
  DueDelivery,
  EnquiryChange,
  EnquiryQuery,
  EnquiryRecord,
  EnquiryStore,
  EnquirySummary,
  EnquiryWithHistory,
  Escalation,
  NewEnquiry,
  StatsQuery,
} from '../EnquiryStore';
import type { PersonKey } from '../PeopleStore';
import type { Actor } from '../Store';
import { deskStatsOf, originCountsOf } from '../deskStats';
import type { OriginCount } from '../VisitStore';
import { ASSIGNMENT_RULE, assignmentEntry, changeEntries, contactEntry, noteEntry, type Contact, type StatusMove } from '../historyEntries';
import { pendingNotifications } from '../notifications';
import { EnquiryIndex } from './enquiryIndex';
import type { PipelineFacts } from './pipeline';
import { StageIndex } from './stageIndex';
import type { BoardItem, BoardQuery } from '../PipelineStore';
import { upgradeEnquiry } from './legacyFormats';
import { PendingDeliveries } from './pendingDeliveries';
import { SegmentedRecords } from './segmentedRecords';
import { INITIAL_STATUS, type HistoryEntry } from '../../../src/shared/deskEnquiry';
import { isoNow, type Clock } from '../../clock';
import { newReference } from '../../../src/shared/enquiryReference';
import { settle } from './settle';

/**
 * The enquiries of both forms: one folder of segments per form on disk (the history of
 * each enquiry inside its record), and one index over both in memory for the desk.
 */
export class FileEnquiries implements EnquiryStore {
  private readonly index = new EnquiryIndex();
  /** The board's columns: each status's enquiries, kept as they move. */
  private readonly stages = new StageIndex();
  private readonly pending = new PendingDeliveries();

  private constructor(
    private readonly recordsByForm: Record<FormKind, SegmentedRecords<EnquiryRecord>>,
    private readonly clock: Clock,
    /** The pipeline report's figures of each enquiry, told of every enquiry that comes, changes or goes. */
    private readonly pipeline: PipelineFacts,
    /** What else goes with deleted enquiries (their applications), after them. */
    private readonly removed: (ids: string[]) => Promise<void>,
  ) {
    const all = FORMS.flatMap((form) => [...recordsByForm[form].newestFirst()]);
    all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const record of all) {
      if (this.index.idOfReference(record.reference) !== undefined) this.clashes.push(record._id);
      this.index.add(record);
      this.stages.add(record);
      this.pipeline.enquiryChanged(record);
      this.pending.track(record._id, record);
    }
  }

  static async open(
    dataDir: string,
    clock: Clock,
    pipeline: PipelineFacts,
    removed: (ids: string[]) => Promise<void>,
  ): Promise<FileEnquiries> {
    // Each enquiry of an older version gets a reference none read so far holds; one that
    // an enquiry read later turns out to hold too is replaced below.
    const given = new Set<string>();
    const open = (form: FormKind) =>
      SegmentedRecords.open<EnquiryRecord>(path.join(dataDir, 'enquiries', form), {
        upgrade: (raw) => upgradeEnquiry(raw, form, given),
      });
    const contact = await open('contact');
    const about = await open('about');
    const enquiries = new FileEnquiries({ contact, about }, clock, pipeline, removed);
    for (const id of enquiries.clashes) await enquiries.giveNewReference(id);
    enquiries.clashes.length = 0;
    return enquiries;
  }

  /** Enquiries read at start whose reference an earlier one holds already. */
  private readonly clashes: string[] = [];

  private freshReference(): string {
    let reference = newReference();
    while (this.index.idOfReference(reference) !== undefined) reference = newReference();
    return reference;
  }

  private async giveNewReference(id: string): Promise<void> {
    const reference = this.freshReference();
    const form = this.index.get(id)!.form;
    await this.recordsByForm[form].update(id, (record) => {
      record.reference = reference;
    });
    this.index.changeReference(id, reference);
  }

  async add(
    { form, fields, sourcePage, consent, language, origin, assignee, firstResponseDueAt }: NewEnquiry,
    channels: Channel[] = [],
  ): Promise<EnquiryRecord> {
    const now = this.clock.now();
    const createdAt = new Date(now).toISOString();
    const notifications = pendingNotifications(channels, now);
    const record: EnquiryRecord = {
      _id: randomUUID(),
      reference: this.freshReference(),
      form,
      createdAt,
      fields,
      ...(sourcePage !== undefined && { sourcePage }),
      status: INITIAL_STATUS,
      followUpOn: null,
      lastActivityAt: createdAt,
      consent: consent ?? null,
      ...(language !== undefined && { language }),
      ...(origin && { origin }),
      ...(notifications && { notifications }),
      ...(assignee && { assigneeId: assignee.to.id }),
      ...(firstResponseDueAt !== undefined && { firstResponseDueAt }),
      history: assignee ? [assignmentEntry(assignee.to, createdAt, ASSIGNMENT_RULE, assignee.rule)] : [],
    };
    await this.recordsByForm[form].add(record);
    this.index.add(record);
    this.stages.add(record);
    this.pipeline.enquiryChanged(record);
    this.pending.track(record._id, record);
    return record;
  }

  /** An enquiry kept elsewhere, with its id, time and history; false if it was already here. */
  async import({ duplicates: _, ...record }: EnquiryRecord & { duplicates?: unknown }): Promise<boolean> {
    if (this.index.get(record._id)) return false;
    const copy = structuredClone(record);
    // Unique here too: one held by another enquiry (or none, from an older store) makes way for a new one.
    if (!copy.reference || this.index.idOfReference(copy.reference) !== undefined) copy.reference = this.freshReference();
    await this.recordsByForm[copy.form].add(copy);
    this.index.add(copy);
    this.stages.add(copy);
    this.pipeline.enquiryChanged(copy);
    this.pending.track(copy._id, copy);
    return true;
  }

  list(query: EnquiryQuery): Promise<ListPage<EnquirySummary>> {
    return settle(() => this.index.list(query));
  }

  get(id: string): Promise<EnquiryWithHistory | undefined> {
    return settle(() => this.peek(id));
  }

  /** The enquiry at once, for the parts opened beside this one (applications, documents, people). */
  peek(id: string): EnquiryWithHistory | undefined {
    const record = this.index.get(id);
    return record && { ...record, duplicates: this.index.duplicatesOf(record) };
  }

  update(id: string, change: EnquiryChange, by: Actor): Promise<EnquiryWithHistory | undefined> {
    return this.change(id, (record, at) => applyChange(record, change, at, by));
  }

  recordContact(id: string, contact: Contact, by: Actor): Promise<EnquiryWithHistory | undefined> {
    return this.change(id, (record, at) => {
      record.history.push(contactEntry(contact, at, by));
      contacted(record, contact, at, by);
    });
  }

  addNote(id: string, text: string, by: Actor, contact?: StatusMove): Promise<EnquiryWithHistory | undefined> {
    return this.change(id, (record, at) => {
      record.history.push(noteEntry(text, at, by, contact !== undefined));
      if (contact) contacted(record, contact, at, by);
    });
  }

  /**
   * A part opened beside this one records what it did on an enquiry (a WhatsApp conversation put
   * on it, a STOP): its history entry, if any, and its last activity, in one write of its segment.
   */
  recordOnEnquiry(id: string, entry?: HistoryEntry): Promise<EnquiryWithHistory | undefined> {
    return this.change(id, (record) => {
      if (entry) record.history.push(entry);
    });
  }

  private async change(id: string, apply: (record: EnquiryRecord, at: string) => unknown): Promise<EnquiryWithHistory | undefined> {
    const form = this.index.get(id)?.form;
    if (!form) return undefined;
    const at = isoNow(this.clock);
    const changed = await this.recordsByForm[form].update(id, (record) => {
      apply(record, at);
      record.lastActivityAt = at;
    });
    if (changed) {
      this.stages.moved(changed);
      this.pipeline.enquiryChanged(changed);
    }
    return this.peek(id);
  }

  async delete(ids: string[], form?: FormKind): Promise<number> {
    const chosen = new Set(ids.filter((id) => this.index.get(id) && (form === undefined || this.index.get(id)!.form === form)));
    let removed = 0;
    for (const recordsForm of FORMS)
      removed += await this.recordsByForm[recordsForm].delete([...chosen].filter((id) => this.index.get(id)!.form === recordsForm));
    this.index.remove(chosen);
    this.pipeline.enquiriesRemoved(chosen);
    for (const id of chosen) {
      this.stages.remove(id);
      this.pending.track(id, undefined);
    }
    await this.removed([...chosen]);
    return removed;
  }

  ofPerson(who: PersonKey): EnquiryWithHistory[] {
    return this.index.idsOfPerson(who).map((id) => this.peek(id)!);
  }

  /** Erases one person's enquiries, with their pending notifications. */
  erasePerson(who: PersonKey): Promise<number> {
    return this.delete(this.index.idsOfPerson(who));
  }

  eraseInactive(before: string): Promise<number> {
    return this.delete(this.index.idsInactiveBefore(before));
  }

  /** The overdue enquiries not escalated yet, oldest first, each marked and given its notifications in its segment's write. */
  async escalateOverdue({ channels, limit, ...overdue }: Escalation): Promise<number> {
    const now = Date.parse(overdue.now);
    const due = this.index.overdue(overdue).slice(0, limit);
    for (const { _id: id, form } of due) {
      const record = await this.recordsByForm[form].update(id, (found) => {
        found.escalatedAt = overdue.now;
        const notifications = pendingNotifications(channels, now);
        if (notifications) found.notifications = { ...found.notifications, ...notifications };
      });
      this.pending.track(id, record);
    }
    return due.length;
  }

  /** One page of a status's enquiries (of one advisor's, when given), newest first: a column of the board. */
  stagePage(query: BoardQuery): ListPage<Omit<BoardItem, 'applications'>> {
    const page = this.stages.page(query);
    return {
      ...page,
      items: page.items.map((record) => {
        const { history, ...rest } = record;
        return {
          enquiry: { ...rest, duplicates: this.index.duplicatesOf(record) },
          inStageSince: history.findLast((entry) => entry.type === 'status')?.at ?? record.createdAt,
        };
      }),
    };
  }

  stats(query: StatsQuery): Promise<DeskStats> {
    return settle(() => deskStatsOf(this.index.all(), query));
  }

  originCounts(since: string): OriginCount[] {
    return originCountsOf(this.index.all(), since);
  }

  claimDueDeliveries(limit: number, leaseMs: number): Promise<DueDelivery[]> {
    return settle(() => this.pending.claim(limit, leaseMs, this.clock.now()));
  }

  async recordDelivery(id: string, channel: Channel, state: DeliveryState): Promise<void> {
    this.pending.release(id, channel);
    const form = this.index.get(id)?.form;
    if (!form) return;
    const record = await this.recordsByForm[form].update(id, (found) => {
      found.notifications = { ...found.notifications, [channel]: state };
    });
    this.pending.track(id, record);
  }

  async queueDelivery(id: string, channel: Channel): Promise<'queued' | 'pending' | undefined> {
    const form = this.index.get(id)?.form;
    if (!form) return undefined;
    let outcome: 'queued' | 'pending' = 'pending';
    const record = await this.recordsByForm[form].update(id, (found) => {
      if (found.notifications?.[channel]?.status === 'pending') return;
      outcome = 'queued';
      found.notifications = { ...found.notifications, ...pendingNotifications([channel], this.clock.now()) };
    });
    this.pending.track(id, record);
    return record && outcome;
  }

  async flush(): Promise<void> {
    await Promise.all(FORMS.map((form) => this.recordsByForm[form].flush()));
  }
}

/** A recorded contact: the first-response clock stops (once), and the enquiry moves along `move` if it is still at its start. */
function contacted(record: EnquiryRecord, move: StatusMove, at: string, by: Actor): void {
  record.firstContactAt ??= at;
  if (record.status === move.from) applyChange(record, { status: move.to }, at, by);
}

/** A desk change to a stored enquiry, with its history entries. */
function applyChange(record: EnquiryRecord, change: EnquiryChange, at: string, by: Actor): void {
  record.history.push(...changeEntries(record, change, at, by));
  if (change.status !== undefined) {
    if (change.status !== record.status) record.firstStatusChangeAt ??= at;
    record.status = change.status;
    if (change.closedReason) record.closedReason = change.closedReason;
    else delete record.closedReason;
  }
  if (change.followUpOn !== undefined) record.followUpOn = change.followUpOn;
  if (change.assignment) {
    if (change.assignment.to) record.assigneeId = change.assignment.to.id;
    else delete record.assigneeId;
  }
}
