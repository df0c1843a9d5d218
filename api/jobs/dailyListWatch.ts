import nodemailer from 'nodemailer';
import type { DailyList } from '../../src/shared/dailyList';
import { indiaDate } from '../../src/shared/indiaTime';
import { workingDayOf, type WorkingHours } from '../../src/shared/workingTime';
import type { Clock } from '../clock';
import { repeatEvery, type Repeating } from './repeatEvery';
import { canAdvise } from '../casework/assignmentRule';
import type { SiteContent } from '../site/siteContent';
import type { Account, Store } from '../store/Store';
import type { NotifyConfig } from '../notify/channels';
import { dailyListOf } from '../notify/dailyList';
import { dailyListMessage } from '../notify/dailyListMessage';
import { afterFailure } from '../notify/retryPolicy';

/** Sends one advisor's list; rejects when the mail server did not take it, so it is tried again. */
export type DailyListSend = (account: Account, list: DailyList) => Promise<void>;

/** How long a claimed list is this process's to send before another may take it. */
const LEASE_MS = 60_000;

/** The daily list by e-mail through SMTP_URL, from NOTIFY_EMAIL_FROM (or NOTIFY_EMAIL_TO); undefined when those are not set. */
export function dailyListSender(config: NotifyConfig, content: () => SiteContent): DailyListSend | undefined {
  const from = config.emailFrom ?? config.emailTo;
  if (!config.smtpUrl || !from) return undefined;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return async (account, list) => {
    if (!account.email) throw new Error('the account has no e-mail address');
    await transport.sendMail({ from, to: account.email, ...dailyListMessage(content(), account, list, config.siteUrl) });
  };
}

export interface DailyListWatchOptions {
  store: Store;
  send: DailyListSend;
  /** The firm's working hours now (_site.yaml's openingHours): no list goes without them, nor outside them. */
  workingHours: () => WorkingHours | undefined;
  /** The desk's final statuses now. */
  finalStatuses: () => string[];
  /** How often to look (NOTIFY_POLL_SECONDS). */
  everyMs: number;
  /** The first retry's delay (NOTIFY_RETRY_SECONDS), doubling as the outbox's do. */
  retryBaseMs: number;
  clock: Clock;
  log: (fields: Record<string, unknown>) => void;
}

/**
 * The advisors' daily lists: at start and every `everyMs`, while a working day is open, each owner
 * or staff member with an e-mail address whose list of the day has not gone is claimed from the store
 * (one claimant per list, whatever the restarts and instances), built as of that moment and sent; a
 * failed send is tried again later that day, as the outbox's notifications are.
 */
export function startDailyLists({
  store,
  send,
  workingHours,
  finalStatuses,
  everyMs,
  retryBaseMs,
  clock,
  log,
}: DailyListWatchOptions): Repeating {
  async function sweep() {
    const hours = workingHours();
    const now = clock.now();
    const { opensAt, closesAt } = hours ? workingDayOf(now, hours) : {};
    // Only within the day's hours: an address saved in the evening gets its first list next morning.
    if (opensAt === undefined || closesAt === undefined || now < opensAt || now >= closesAt) return;
    const day = indiaDate(now);
    const advisors = (await store.accounts.list()).filter((account) => canAdvise(account) && account.email);
    if (advisors.length === 0) return;
    const claims = await store.dailyLists.claimDailyLists(
      day,
      advisors.map((account) => account.id),
      LEASE_MS,
    );
    for (const { accountId, attempts } of claims) {
      const account = advisors.find((advisor) => advisor.id === accountId)!;
      const attempt = attempts + 1;
      try {
        await send(account, await dailyListOf(store, accountId, { now: clock.now(), hours, finalStatuses: finalStatuses() }));
        await store.dailyLists.recordDailyList(accountId, day, { status: 'delivered', attempts: attempt, nextAttemptAt: clock.now() });
        log({ msg: 'daily list sent', account: account.username, day });
      } catch (error) {
        const state = afterFailure(attempt, new Date(opensAt).toISOString(), (error as Error).message, clock.now(), retryBaseMs);
        await store.dailyLists.recordDailyList(accountId, day, state);
        log({
          level: state.status === 'failed' ? 'error' : 'warn',
          msg: state.status === 'failed' ? 'daily list failed for good' : 'daily list will be retried',
          account: account.username,
          day,
          attempts: attempt,
          error: state.lastError,
        });
      }
    }
  }

  return repeatEvery(clock, everyMs, sweep, (error) => log({ level: 'error', msg: 'daily list sweep failed', error: error.message }));
}
