import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Application } from '../../../src/shared/applications';
import { isoNow, type Clock } from '../../clock';
import type { ApplicationStore, ApplicationUpdate, NewApplication } from '../ApplicationStore';
import type { Actor } from '../Store';
import type { PipelineFacts } from './pipeline';
import { SegmentedRecords } from './segmentedRecords';

/** An application as its segment file keeps it: segmented records are named by `_id`. */
type StoredApplication = Omit<Application, 'id'> & { _id: string };

const toApplication = ({ _id, ...rest }: StoredApplication): Application => structuredClone({ id: _id, ...rest });

/**
 * Applications in DATA_DIR/applications/, in segment files like the enquiries, so a change
 * rewrites one segment however many there are; an index in memory finds each enquiry's.
 * Each check and change happens in one synchronous step of this one process.
 */
export class FileApplications implements ApplicationStore {
  private readonly byEnquiry = new Map<string, StoredApplication[]>();

  private constructor(
    private readonly records: SegmentedRecords<StoredApplication>,
    private readonly clock: Clock,
    private readonly enquiryExists: (id: string) => boolean,
    /** The pipeline report's figures of each enquiry, told of its applications whenever one comes, changes or goes. */
    private readonly pipeline: PipelineFacts,
  ) {
    const all = [...records.newestFirst()].reverse();
    for (const application of all) this.indexed(application);
    for (const [enquiryId, applications] of this.byEnquiry) pipeline.applicationsChanged(enquiryId, applications);
  }

  static async open(
    dataDir: string,
    clock: Clock,
    enquiryExists: (id: string) => boolean,
    pipeline: PipelineFacts,
  ): Promise<FileApplications> {
    const records = await SegmentedRecords.open<StoredApplication>(path.join(dataDir, 'applications'));
    return new FileApplications(records, clock, enquiryExists, pipeline);
  }

  /** Indexes an application read at start. */
  private indexed(application: StoredApplication) {
    this.byEnquiry.set(application.enquiryId, [...(this.byEnquiry.get(application.enquiryId) ?? []), application]);
  }

  /** Indexes an application just stored, and tells the pipeline. */
  private added(application: StoredApplication) {
    this.indexed(application);
    this.pipeline.applicationsChanged(application.enquiryId, this.byEnquiry.get(application.enquiryId)!);
  }

  async addApplication({ enquiryId, lender, product, amount }: NewApplication, by: Actor): Promise<Application | undefined> {
    if (!this.enquiryExists(enquiryId)) return undefined;
    const at = isoNow(this.clock);
    const application: StoredApplication = {
      _id: randomUUID(),
      enquiryId,
      lender,
      product,
      amount,
      status: 'preparing',
      createdAt: at,
      updatedAt: at,
      history: [{ at, by: by.username, byId: by.id, status: 'preparing' }],
    };
    await this.records.add(application);
    this.added(application);
    return toApplication(application);
  }

  applicationsOf(enquiryId: string): Promise<Application[]> {
    return Promise.resolve((this.byEnquiry.get(enquiryId) ?? []).map(toApplication));
  }

  async updateApplication(enquiryId: string, id: string, update: ApplicationUpdate, by: Actor): Promise<Application | 'moved' | undefined> {
    const found = this.byEnquiry.get(enquiryId)?.find((application) => application._id === id);
    if (!found) return undefined;
    if (found.status !== update.from) return 'moved';
    const { from: _from, ...change } = update;
    const at = isoNow(this.clock);
    const saved = await this.records.update(id, (application) => {
      application.status = change.status;
      application.updatedAt = at;
      if (change.reason !== undefined) application.reason = change.reason;
      if (change.sanctionedAmount !== undefined) application.sanctionedAmount = change.sanctionedAmount;
      if (change.disbursedAmount !== undefined) application.disbursedAmount = change.disbursedAmount;
      application.history.push({ at, by: by.username, byId: by.id, ...change });
    });
    this.pipeline.applicationsChanged(enquiryId, this.byEnquiry.get(enquiryId) ?? []);
    return saved && toApplication(saved);
  }

  allApplications(): Promise<Application[]> {
    return Promise.resolve([...this.records.newestFirst()].reverse().map(toApplication));
  }

  async importApplication({ id, ...rest }: Application): Promise<boolean> {
    if (this.records.get(id) || !this.enquiryExists(rest.enquiryId)) return false;
    const application: StoredApplication = structuredClone({ _id: id, ...rest });
    await this.records.add(application);
    this.added(application);
    return true;
  }

  /** Erases the applications of enquiries that are gone, rewriting the segments that held them. */
  async forget(enquiryIds: Iterable<string>): Promise<void> {
    const ids: string[] = [];
    for (const enquiryId of enquiryIds) {
      ids.push(...(this.byEnquiry.get(enquiryId) ?? []).map((application) => application._id));
      this.byEnquiry.delete(enquiryId);
      this.pipeline.applicationsChanged(enquiryId, []);
    }
    if (ids.length) await this.records.delete(ids);
  }

  flush(): Promise<void> {
    return this.records.flush();
  }
}
