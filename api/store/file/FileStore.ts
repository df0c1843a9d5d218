import type { Store } from '../Store';
import { systemClock, type Clock } from '../../clock';
import { FileAccounts } from './accounts';
import { ApplicationFile } from './applications';
import { FileAudit } from './audit';
import { DailyListFile } from './dailyListFile';
import { acquireDataDirLock, type DataDirLock } from './dataDirLock';
import { DocumentFile } from './documentFile';
import { FileEnquiries } from './enquiries';
import { FilePipeline } from './filePipeline';
import { PageFile } from './pageFile';
import { FilePeople } from './people';
import { PictureFile } from './pictureFile';
import type { PipelineStore } from '../PipelineStore';
import { prepareDataDir } from './prepareDataDir';
import { settle } from './settle';
import { SubmissionFile } from './submissionFile';
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
  readonly pipeline: PipelineStore;

  private constructor(
    readonly enquiries: FileEnquiries,
    readonly people: FilePeople,
    readonly accounts: FileAccounts,
    readonly audit: FileAudit,
    readonly visits: FileVisits,
    readonly pages: PageFile,
    readonly pictures: PictureFile,
    readonly submissions: SubmissionFile,
    readonly applications: ApplicationFile,
    readonly dailyLists: DailyListFile,
    readonly documents: DocumentFile,
    readonly whatsapp: FileWhatsApp,
    filePipeline: FilePipeline,
    private readonly lock: DataDirLock,
    clock: Clock,
  ) {
    this.windows = new FileWindows(clock);
    this.pipeline = {
      report: (query) => settle(() => filePipeline.report(query)),
      boardPage: async (query) => {
        const page = await settle(() => enquiries.stagePage(query));
        const items = await Promise.all(
          page.items.map(async (item) => ({ ...item, applications: await applications.applicationsOf(item.enquiry._id) })),
        );
        return { ...page, items };
      },
    };
  }

  static async open(dataDir: string, clock: Clock = systemClock): Promise<FileStore> {
    prepareDataDir(dataDir);
    const lock = acquireDataDirLock(dataDir);
    try {
      // An application or a document needs its enquiry, and goes when its enquiry is erased; a daily list needs its account.
      const opened: { enquiries?: FileEnquiries; accounts?: FileAccounts; whatsapp?: FileWhatsApp } = {};
      const filePipeline = new FilePipeline();
      const applications = await ApplicationFile.open(dataDir, clock, (id) => opened.enquiries?.peek(id) !== undefined, filePipeline);
      const documents = await DocumentFile.open(dataDir, (id) => opened.enquiries?.peek(id));
      const [enquiries, accounts, audit, pages, pictures, submissions, dailyLists] = await Promise.all([
        FileEnquiries.open(dataDir, clock, filePipeline, async (ids) => {
          await applications.forget(ids);
          await documents.forget(ids);
          await opened.whatsapp?.forget(ids);
        }),
        FileAccounts.open(dataDir, clock),
        FileAudit.open(dataDir, clock),
        PageFile.open(dataDir, clock),
        PictureFile.open(dataDir),
        SubmissionFile.open(dataDir, clock),
        DailyListFile.open(dataDir, clock, (id) => opened.accounts?.has(id) === true),
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
        filePipeline,
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
      this.visits.flush(),
    ]);
    this.lock.release();
  }
}
