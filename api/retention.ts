import { describeRecords } from '../src/shared/privacyRequests';
import type { Clock } from './clock';
import type { Store } from './store/Store';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The audit log is the record of processing the law asks to keep for at least a year. */
export const AUDIT_KEEP_DAYS = 365;

export interface RetentionOptions {
  store: Store;
  /** How long an enquiry or request is kept after its last activity. */
  retentionMs: number;
  /** How often to look for ones past it. */
  sweepMs: number;
  clock: Clock;
  log: (fields: Record<string, unknown>) => void;
}

export interface Retention {
  /** Waits for a sweep under way, then stops. */
  stop(): Promise<void>;
}

/**
 * Erases enquiries and requests nobody has touched for the retention period, at start and
 * then every sweep, and trims the audit log to its year. Every instance may sweep: erasing
 * what another instance has just erased simply finds nothing. Only counts are logged.
 */
export function startRetention({ store, retentionMs, sweepMs, clock, log }: RetentionOptions): Retention {
  let cancel: (() => void) | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function sweep() {
    const now = clock.now();
    const erased = await store.eraseInactive(new Date(now - retentionMs).toISOString());
    const trimmed = await store.trimAudit(new Date(now - AUDIT_KEEP_DAYS * DAY_MS).toISOString());
    if (erased.enquiries + erased.requests > 0) {
      await store.addAudit({ account: null, action: 'retention', detail: `${describeRecords(erased)} past the retention period erased` });
    }
    log({ msg: 'retention sweep', erasedEnquiries: erased.enquiries, erasedRequests: erased.requests, auditEntriesTrimmed: trimmed });
  }

  function run() {
    return (running = sweep()
      .catch((error: Error) => log({ level: 'error', msg: 'retention sweep failed', error: error.message }))
      .finally(() => {
        running = undefined;
        if (!stopped) cancel = clock.after(sweepMs, run);
      }));
  }

  void run();
  return {
    async stop() {
      stopped = true;
      cancel?.();
      await running;
    },
  };
}
