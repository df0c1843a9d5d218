import path from 'node:path';
import type { Low } from 'lowdb';
import type { Clock } from '../../clock';
import type { DailyListClaim, DailyListStore } from '../DailyListStore';
import type { DeliveryState } from '../Store';
import { openJsonFile } from './openJsonFile';

/** The latest daily list of one advisor: its day and how its sending fares. */
type ListState = DeliveryState & { accountId: string; day: string };

interface DailyListsData {
  lists: ListState[];
}

const isDailyListsData = (data: unknown): data is DailyListsData =>
  typeof data === 'object' && data !== null && Array.isArray((data as DailyListsData).lists);

/**
 * The advisors' daily lists in DATA_DIR/daily-lists.json: one line per advisor, its latest day
 * replacing the one before, so the file never grows with the days. A claim is marked in memory
 * at once (this store has one process) and written durably before it is handed out, so a
 * restart does not send a list again that was sent, nor one another call holds.
 */
export class FileDailyLists implements DailyListStore {
  private constructor(
    private readonly db: Low<DailyListsData>,
    private readonly clock: Clock,
    /** Whether an account exists: a list is only ever claimed for one, and goes with it. */
    private readonly isAccount: (id: string) => boolean,
  ) {}

  static async open(dataDir: string, clock: Clock, isAccount: (id: string) => boolean): Promise<FileDailyLists> {
    return new FileDailyLists(
      await openJsonFile<DailyListsData>(path.join(dataDir, 'daily-lists.json'), { lists: [] }, isDailyListsData),
      clock,
      isAccount,
    );
  }

  async claimDailyLists(day: string, accountIds: string[], leaseMs: number): Promise<DailyListClaim[]> {
    const now = this.clock.now();
    const claims: DailyListClaim[] = [];
    for (const accountId of new Set(accountIds.filter(this.isAccount))) {
      const latest = this.db.data.lists.find((list) => list.accountId === accountId);
      const lease: ListState = { accountId, day, status: 'pending', attempts: 0, nextAttemptAt: now + leaseMs };
      if (!latest) this.db.data.lists.push(lease);
      else if (latest.day < day) Object.assign(latest, lease, { lastError: undefined });
      else if (latest.day === day && latest.status === 'pending' && latest.nextAttemptAt <= now) latest.nextAttemptAt = lease.nextAttemptAt;
      else continue;
      claims.push({ accountId, attempts: (latest ?? lease).attempts });
    }
    if (claims.length) await this.write();
    return claims;
  }

  async recordDailyList(accountId: string, day: string, state: DeliveryState): Promise<void> {
    const latest = this.db.data.lists.find((list) => list.accountId === accountId);
    if (latest?.day !== day) return;
    Object.assign(latest, { lastError: undefined }, state);
    await this.write();
  }

  /** Every write leaves out the lists of accounts removed since. */
  private write(): Promise<void> {
    this.db.data.lists = this.db.data.lists.filter((list) => this.isAccount(list.accountId));
    return this.db.write();
  }

  flush(): Promise<void> {
    return this.db.write();
  }
}
