import type { Store } from '../Store';
import { systemClock, type Clock } from '../../clock';
import { FileAccounts } from './accounts';
import { FileApplications } from './applications';
import { FileAudit } from './audit';
import { FileDailyLists } from './dailyLists';
import { acquireDataDirLock, type DataDirLock } from './dataDirLock';
import { FileDocuments } from './documents';
import { FileEnquiries } from './enquiries';
import { FileLinkChecks } from './linkChecks';
import { FilePipeline, PipelineFacts } from './pipeline';
import { FilePages } from './pages';
import { FilePeople } from './people';
import { FilePictures } from './pictures';
import { prepareDataDir } from './prepareDataDir';
import { FileSubmissions } from './submissions';
import { FileVisits } from './visits';
import { FileWindows } from './windows';
import { FileWhatsApp } from './whatsapp';

/**
 * The embedded store: JSON files in DATA_DIR, each written durably (flushed to the disk
 * before a change is acknowledged) through a temporary file and a rename. For one server
 * process only; a lock file stops a second process from opening the same folder. It only
 * opens its parts and ties together the ones whose records need another's.
 */
export class FileStore implements Store {
  readonly windows: FileWindows;
  readonly pipeline: FilePipeline;

  private constructor(
    readonly enquiries: FileEnquiries,
    readonly people: FilePeople,
    readonly accounts: FileAccounts,
    readonly audit: FileAudit,
    readonly visits: FileVisits,
    readonly pages: FilePages,
    readonly pictures: FilePictures,
    readonly submissions: FileSubmissions,
    readonly applications: FileApplications,
    readonly dailyLists: FileDailyLists,
    readonly documents: FileDocuments,
    readonly whatsapp: FileWhatsApp,
    readonly linkChecks: FileLinkChecks,
    facts: PipelineFacts,
    private readonly lock: DataDirLock,
    clock: Clock,
  ) {
    this.windows = new FileWindows(clock);
    this.pipeline = new FilePipeline(facts, enquiries, applications);
  }

  static async open(dataDir: string, clock: Clock = systemClock): Promise<FileStore> {
    prepareDataDir(dataDir);
    const lock = acquireDataDirLock(dataDir);
    try {
      // An application or a document needs its enquiry, and goes when its enquiry is erased; a daily list needs its account.
      const opened: { enquiries?: FileEnquiries; accounts?: FileAccounts; whatsapp?: FileWhatsApp } = {};
      const facts = new PipelineFacts();
      const applications = await FileApplications.open(dataDir, clock, (id) => opened.enquiries?.peek(id) !== undefined, facts);
      const documents = await FileDocuments.open(dataDir, (id) => opened.enquiries?.peek(id));
      const [enquiries, accounts, audit, pages, pictures, submissions, dailyLists, linkChecks] = await Promise.all([
        FileEnquiries.open(dataDir, clock, facts, async (ids) => {
          await applications.forget(ids);
          await documents.forget(ids);
          await opened.whatsapp?.forget(ids);
        }),
        FileAccounts.open(dataDir, clock),
        FileAudit.open(dataDir, clock),
        FilePages.open(dataDir, clock),
        FilePictures.open(dataDir),
        FileSubmissions.open(dataDir, clock),
        FileDailyLists.open(dataDir, clock, (id) => opened.accounts?.has(id) === true),
        FileLinkChecks.open(dataDir, clock),
      ]);
      opened.enquiries = enquiries;
      opened.accounts = accounts;
      const whatsapp = await FileWhatsApp.open(dataDir, clock, enquiries, audit);
      opened.whatsapp = whatsapp;
      const [people, visits] = await Promise.all([
        FilePeople.open(dataDir, enquiries, clock),
        FileVisits.open(dataDir, (since) => enquiries.originCounts(since)),
      ]);
      return new FileStore(
        enquiries,
        people,
        accounts,
        audit,
        visits,
        pages,
        pictures,
        submissions,
        applications,
        dailyLists,
        documents,
        whatsapp,
        linkChecks,
        facts,
        lock,
        clock,
      );
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  async close(): Promise<void> {
    await Promise.all([
      this.enquiries.flush(),
      this.people.flush(),
      this.accounts.flush(),
      this.audit.flush(),
      this.pages.flush(),
      this.pictures.flush(),
      this.submissions.flush(),
      this.applications.flush(),
      this.dailyLists.flush(),
      this.documents.flush(),
      this.whatsapp.flush(),
      this.linkChecks.flush(),
      this.visits.flush(),
    ]);
    this.lock.release();
  }
}
