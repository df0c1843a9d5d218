import { isoNow, type Clock } from '../clock';
import { repeatEvery, type Repeating } from './repeatEvery';
import type { Channel, Store } from '../store/Store';

/** How many enquiries one step of the sweep escalates; the sweep goes on until fewer are left. */
const BATCH = 100;

export interface FirstResponseWatchOptions {
  store: Store;
  /** The channels each escalation is sent on (none: the enquiry is only marked). */
  channels: Channel[];
  /** The desk's final statuses now: their enquiries are never overdue. */
  finalStatuses: () => string[];
  /** How often to look (NOTIFY_POLL_SECONDS). */
  everyMs: number;
  /** Tells the outbox there is something to send. */
  wake: () => void;
  clock: Clock;
  log: (fields: Record<string, unknown>) => void;
}

/**
 * The first-response clock's escalation: at start and then every `everyMs`, enquiries past
 * their target with no first contact are marked escalated, each with its notifications, in one
 * write of the store; the mark is stored, so a restart or a second instance never escalates an
 * enquiry twice, and the outbox sends each notification once.
 */
export function startFirstResponseWatch({
  store,
  channels,
  finalStatuses,
  everyMs,
  wake,
  clock,
  log,
}: FirstResponseWatchOptions): Repeating {
  async function sweep() {
    let escalated = 0;
    let step: number;
    do {
      step = await store.enquiries.escalateOverdue({ now: isoNow(clock), finalStatuses: finalStatuses(), channels, limit: BATCH });
      escalated += step;
    } while (step === BATCH);
    if (escalated > 0) {
      log({ msg: 'enquiries past their first-response target escalated', count: escalated });
      wake();
    }
  }

  return repeatEvery(clock, everyMs, sweep, (error) => log({ level: 'error', msg: 'first-response sweep failed', error: error.message }));
}
