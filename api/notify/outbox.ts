import { isoNow, type Clock } from '../clock';
import { legacyShape } from '../store/enquiryShapes';
import type { Channel, DueDelivery, Store } from '../store/Store';
import type { Sender } from './channels';
import { afterFailure } from './retryPolicy';
import { ESCALATION_CHANNELS } from '../../src/shared/storedEnquiry';

export interface Outbox {
  /** The channels each new enquiry is sent on. */
  channels: Channel[];
  /** The channels an enquiry past its first-response target is escalated on. */
  escalations: Channel[];
  /** Look for due notifications now (called after each enquiry is stored). */
  wake(): void;
  /** Sends a sample enquiry through every channel at once, for the admin's "Send test notification". */
  test(): Promise<Record<string, string>>;
  /** Stops polling and waits for sends in progress. */
  stop(): Promise<void>;
}

const BATCH = 20;
const LEASE_MS = 60_000;

/**
 * Delivers the notifications stored with each enquiry, after the visitor's answer: due
 * ones are claimed from the store (so two instances never send the same one), sent, and
 * recorded as delivered, retried later, or failed after a day. What is pending survives a
 * restart because it lives in the store, not in memory.
 */
export function startOutbox(options: {
  store: Store;
  senders: Map<Channel, Sender>;
  pollMs: number;
  retryBaseMs: number;
  clock: Clock;
  log: (fields: Record<string, unknown>) => void;
}): Outbox {
  const { store, senders, clock, log } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function deliver({ kind, channel, attempts, enquiry }: DueDelivery) {
    const send = senders.get(channel);
    const attempt = attempts + 1;
    try {
      if (!send) throw new Error(`the ${channel} channel is no longer configured`);
      await send(kind, legacyShape(enquiry), enquiry);
      await store.recordDelivery(enquiry._id, channel, { status: 'delivered', attempts: attempt, nextAttemptAt: clock.now() });
    } catch (error) {
      const state = afterFailure(attempt, enquiry.createdAt, (error as Error).message, clock.now(), options.retryBaseMs);
      await store.recordDelivery(enquiry._id, channel, state);
      log({
        level: state.status === 'failed' ? 'error' : 'warn',
        msg: state.status === 'failed' ? 'notification failed for good' : 'notification will be retried',
        channel,
        enquiry: enquiry._id,
        attempts: attempt,
        error: state.lastError,
      });
    }
  }

  async function drain() {
    do {
      again = false;
      const due = await store.claimDueDeliveries(BATCH, LEASE_MS);
      await Promise.all(due.map(deliver));
      if (due.length === BATCH) again = true;
    } while (again && !stopped);
  }

  function wake(): Promise<void> | undefined {
    if (stopped) return undefined;
    if (running) {
      again = true;
      return running;
    }
    return (running = drain()
      .catch((error: Error) => log({ level: 'error', msg: 'outbox could not read the store', error: error.message }))
      .finally(() => {
        running = undefined;
      }));
  }

  let cancel: (() => void) | undefined;
  function poll() {
    cancel = clock.after(options.pollMs, poll);
    return wake();
  }
  if (senders.size) void poll(); // at once: notifications left pending by the last run

  return {
    channels: [...senders.keys()].filter((channel) => !ESCALATION_CHANNELS.includes(channel)),
    escalations: [...senders.keys()].filter((channel) => ESCALATION_CHANNELS.includes(channel)),
    wake: () => void (senders.size && wake()),
    async test() {
      const sample = {
        _id: 'test',
        createdAt: isoNow(clock),
        name: 'Test notification',
        number: '+919876543210',
        enquiry: 'General Enquiry',
        message: 'This is a test from the admin area.',
      };
      const results: Record<string, string> = {};
      // The acknowledgement goes to an enquirer and escalations concern a stored enquiry; the test goes to the firm's own channels only.
      for (const [channel, send] of [...senders].filter(([channel]) => channel === 'email' || channel === 'webhook')) {
        try {
          await send('contact', sample);
          results[channel] = 'sent';
        } catch (error) {
          results[channel] = `not sent: ${(error as Error).message}`;
        }
      }
      return results;
    },
    async stop() {
      stopped = true;
      cancel?.();
      await running;
    },
  };
}
