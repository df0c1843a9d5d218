import pg from 'pg';
import { logLine } from '../../../src/shared/logLine';
import type { Store } from '../Store';
import { systemClock, type Clock } from '../../clock';
import { PgAccounts } from './accounts';
import { PgApplications } from './applications';
import { PgAudit } from './audit';
import { PgDailyLists } from './dailyLists';
import { PgDocuments } from './documents';
import { PgEnquiries } from './enquiries';
import { PgLinkChecks } from './linkChecks';
import { migrate } from './migrate';
import { PgPages } from './pages';
import { PgPeople } from './people';
import { PgPictures } from './pictures';
import { PgPipeline } from './pipeline';
import { PgSubmissions } from './submissions';
import { PgVisits } from './visits';
import { PgWindows } from './windows';
import { PgWhatsApp } from './whatsapp';

/**
 * The store on PostgreSQL, for several server processes sharing one database. Every query
 * is parameterised; a change that touches several rows is one statement or one transaction;
 * a 200 follows the commit. Every row is stamped with the clock's time, never the database's
 * now(). It only opens the pool and gives it to its parts.
 */
export class PgStore implements Store {
  readonly enquiries: PgEnquiries;
  readonly people: PgPeople;
  readonly accounts: PgAccounts;
  readonly audit: PgAudit;
  readonly visits: PgVisits;
  readonly windows: PgWindows;
  readonly pages: PgPages;
  readonly pictures: PgPictures;
  readonly submissions: PgSubmissions;
  readonly applications: PgApplications;
  readonly dailyLists: PgDailyLists;
  readonly pipeline: PgPipeline;
  readonly documents: PgDocuments;
  readonly whatsapp: PgWhatsApp;
  readonly linkChecks: PgLinkChecks;

  private constructor(
    private readonly pool: pg.Pool,
    clock: Clock,
  ) {
    this.enquiries = new PgEnquiries(pool, clock);
    this.people = new PgPeople(pool, clock);
    this.accounts = new PgAccounts(pool, clock);
    this.audit = new PgAudit(pool, clock);
    this.visits = new PgVisits(pool, clock);
    this.windows = new PgWindows(pool, clock);
    this.pages = new PgPages(pool, clock);
    this.pictures = new PgPictures(pool);
    this.submissions = new PgSubmissions(pool, clock);
    this.applications = new PgApplications(pool, clock);
    this.dailyLists = new PgDailyLists(pool, clock);
    this.pipeline = new PgPipeline(pool);
    this.documents = new PgDocuments(pool);
    this.whatsapp = new PgWhatsApp(pool, clock);
    this.linkChecks = new PgLinkChecks(pool, clock);
  }

  static async open(databaseUrl: string, poolSize: number, clock: Clock = systemClock): Promise<PgStore> {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    // An idle client that loses its connection must not crash the server; the next query reconnects.
    pool.on('error', (error) => console.error(logLine({ level: 'error', msg: 'database connection lost', error: error.message })));
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end();
      throw new Error(`Could not prepare the database at DATABASE_URL: ${(error as Error).message}`);
    }
    return new PgStore(pool, clock);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
