import type { DeliveryState } from '../../src/shared/storedEnquiry';

/** One advisor's daily list, claimed by this process to send now. */
export interface DailyListClaim {
  accountId: string;
  /** Attempts made before this one. */
  attempts: number;
}

/**
 * Each advisor's daily list, sent once a day whatever the restarts and instances: the store keeps,
 * per advisor, the day of the latest list and how its sending fares (as the outbox does for each
 * enquiry's notifications), and hands each out to one claimant at a time.
 */
export interface DailyListStore {
  /**
   * The lists of `day` (YYYY-MM-DD, India time) of those of `accountIds` that are accounts and are due: none claimed
   * for that day yet, or a retry whose time has come. Each is leased for `leaseMs`, checked and
   * marked in one step, so no other instance (or later call) gets it meanwhile.
   */
  claimDailyLists(day: string, accountIds: string[], leaseMs: number): Promise<DailyListClaim[]>;
  /**
   * Records how the list of `day` went (sent, to retry at a time, or failed for good); nothing when a
   * later day's list has taken its place. A removed account's list goes with it.
   */
  recordDailyList(accountId: string, day: string, state: DeliveryState): Promise<void>;
}
