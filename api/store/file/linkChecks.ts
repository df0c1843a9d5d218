import path from 'node:path';
import type { Low } from 'lowdb';
import type { Clock } from '../../clock';
import type { LinkCheckRun, LinkChecks, LinkCheckStore, LinkState } from '../LinkCheckStore';
import type { DeliveryState } from '../Store';
import { openJsonFile } from './openJsonFile';

interface LinkChecksData {
  run: LinkCheckRun | null;
  /** The lease of the run under way (ms since the epoch), if any. */
  claimedUntil: number | null;
  links: LinkState[];
  /** The latest week's review e-mail and how its sending fares. */
  reviewMail: (DeliveryState & { week: string }) | null;
}

const isLinkChecksData = (data: unknown): data is LinkChecksData =>
  typeof data === 'object' && data !== null && Array.isArray((data as LinkChecksData).links) && 'run' in data;

/**
 * The link check in DATA_DIR/link-checks.json: the last run, one line per address the content
 * names (replaced whole by each run, so the file grows with the site's links, never with the runs),
 * and the latest week's review e-mail. A claim is marked in memory at once (this store has one
 * process) and written durably before it is handed out.
 */
export class FileLinkChecks implements LinkCheckStore {
  private constructor(
    private readonly db: Low<LinkChecksData>,
    private readonly clock: Clock,
  ) {}

  static async open(dataDir: string, clock: Clock): Promise<FileLinkChecks> {
    const empty: LinkChecksData = { run: null, claimedUntil: null, links: [], reviewMail: null };
    return new FileLinkChecks(await openJsonFile(path.join(dataDir, 'link-checks.json'), empty, isLinkChecksData), clock);
  }

  async claimLinkCheck(everyMs: number, leaseMs: number): Promise<boolean> {
    const now = this.clock.now();
    const { data } = this.db;
    if (data.claimedUntil !== null && data.claimedUntil > now) return false;
    if (data.run && Date.parse(data.run.startedAt) + everyMs > now) return false;
    data.claimedUntil = now + leaseMs;
    await this.db.write();
    return true;
  }

  async releaseLinkCheck(): Promise<void> {
    this.db.data.claimedUntil = null;
    await this.db.write();
  }

  async recordLinkCheck(run: LinkCheckRun, links: LinkState[]): Promise<void> {
    // In the order of their addresses, as the database gives them.
    const sorted = structuredClone(links).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    Object.assign(this.db.data, { run, links: sorted, claimedUntil: null });
    await this.db.write();
  }

  linkChecks(): Promise<LinkChecks> {
    const { run, links } = this.db.data;
    return Promise.resolve(structuredClone({ run, links }));
  }

  async claimReviewMail(week: string, leaseMs: number): Promise<number | undefined> {
    const now = this.clock.now();
    const latest = this.db.data.reviewMail;
    if (latest && (latest.week > week || (latest.week === week && (latest.status !== 'pending' || latest.nextAttemptAt > now))))
      return undefined;
    const attempts = latest?.week === week ? latest.attempts : 0;
    this.db.data.reviewMail = { week, status: 'pending', attempts, nextAttemptAt: now + leaseMs };
    await this.db.write();
    return attempts;
  }

  async recordReviewMail(week: string, state: DeliveryState): Promise<void> {
    if (this.db.data.reviewMail?.week !== week) return;
    this.db.data.reviewMail = { week, ...state };
    await this.db.write();
  }

  flush(): Promise<void> {
    return this.db.write();
  }
}
