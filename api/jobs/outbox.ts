import { isoNow, type Clock } from '../clock';
import { drainOnWake } from '../drainOnWake';
import { legacyShape } from '../store/enquiryShapes';
import type { Channel, DueDelivery, Store } from '../store/Store';
import type { Sender } from '../notify/channels';
import { afterFailure, GIVE_UP_AFTER_MS, Undeliverable } from '../notify/retryPolicy';
import { ESCALATION_CHANNELS, requestOfChannel } from '../../src/shared/storedEnquiry';
import { stateOf } from '../documents/documentLinks';
import type { DocumentRequest } from '../store/DocumentStore';
import type { EnquiryRecord } from '../store/Store';

/** Sends the e-mail of one request for documents to its enquirer; rejects when it was not accepted. */
export type DocumentsSend = (record: EnquiryRecord, request: DocumentRequest) => Promise<void>;

export interface Outbox {
  /** The channels each new enquiry is sent on. */
  channels: Channel[];
  /** The channels an enquiry past its first-response target is escalated on. */
  escalations: Channel[];
  /** Whether a request for documents can be sent by e-mail (SMTP is set up). */
  sendsDocuments: boolean;
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
  /** The e-mail of a request for documents (`documents:<request id>`), when SMTP is set up. */
  documents?: DocumentsSend;
  pollMs: number;
  retryBaseMs: number;
  clock: Clock;
  log: (fields: Record<string, unknown>) => void;
}): Outbox {
  const { store, senders, clock, log } = options;

  /** The request whose link a documents channel e-mails, while it still takes files. */
  async function openRequest(enquiryId: string, requestId: string): Promise<DocumentRequest> {
    const request = (await store.documents.requestsOf(enquiryId)).find((one) => one.id === requestId);
    if (!request || stateOf(request, clock.now()) !== 'open')
      throw new Undeliverable('the request for documents was stopped, expired or erased before its e-mail went');
    return request;
  }

  async function deliver({ form, channel, attempts, enquiry }: DueDelivery) {
    const requestId = requestOfChannel(channel);
    const attempt = attempts + 1;
    let since = enquiry.createdAt;
    try {
      if (requestId === undefined) {
        const send = senders.get(channel);
        if (!send) throw new Error(`the ${channel} channel is no longer configured`);
        await send(form, legacyShape(enquiry), enquiry);
      } else {
        const request = await openRequest(enquiry._id, requestId);
        // A link is worth sending while it takes files: its day of retries ends when it expires.
        since = new Date(Date.parse(request.expiresAt) - GIVE_UP_AFTER_MS).toISOString();
        if (!options.documents) throw new Error('e-mail to enquirers is no longer configured (SMTP_URL)');
        await options.documents(enquiry, request);
      }
      await store.enquiries.recordDelivery(enquiry._id, channel, { status: 'delivered', attempts: attempt, nextAttemptAt: clock.now() });
    } catch (error) {
      const message = (error as Error).message;
      const state =
        error instanceof Undeliverable
          ? { status: 'failed' as const, attempts: attempt, nextAttemptAt: clock.now(), lastError: message }
          : afterFailure(attempt, since, message, clock.now(), options.retryBaseMs);
      await store.enquiries.recordDelivery(enquiry._id, channel, state);
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

  const sending = senders.size > 0 || options.documents !== undefined;
  // At once when sending: notifications left pending by the last run.
  const queue = drainOnWake({
    clock,
    pollMs: sending ? options.pollMs : 0,
    round: async () => {
      const due = await store.enquiries.claimDueDeliveries(BATCH, LEASE_MS);
      await Promise.all(due.map(deliver));
      return due.length === BATCH;
    },
    failed: (error) => log({ level: 'error', msg: 'outbox could not read the store', error: error.message }),
  });

  return {
    channels: [...senders.keys()].filter((channel) => !ESCALATION_CHANNELS.includes(channel)),
    escalations: [...senders.keys()].filter((channel) => ESCALATION_CHANNELS.includes(channel)),
    sendsDocuments: options.documents !== undefined,
    wake: () => void (sending && queue.wake()),
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
    stop: () => queue.stop(),
  };
}
