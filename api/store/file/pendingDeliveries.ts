import type { Channel, DeliveryState, DueDelivery, EnquiryRecord } from '../Store';

const hasPending = (record: EnquiryRecord) => Object.values(record.notifications ?? {}).some((state) => state?.status === 'pending');

/**
 * The enquiries with a notification still to send, so the outbox never scans the whole
 * history, and the leases handed out (one process only, so a Map is the whole truth).
 */
export class PendingDeliveries {
  private readonly pending = new Map<string, EnquiryRecord>();
  private readonly leases = new Map<string, number>();

  /** Call after every change to a record (or with `undefined` after deleting it). */
  track(id: string, record: EnquiryRecord | undefined) {
    if (record && hasPending(record)) this.pending.set(id, record);
    else this.pending.delete(id);
  }

  claim(limit: number, leaseMs: number, now: number): DueDelivery[] {
    const due: DueDelivery[] = [];
    for (const record of this.pending.values()) {
      for (const [channel, state] of Object.entries(record.notifications ?? {}) as [Channel, DeliveryState][]) {
        const lease = `${record._id}:${channel}`;
        if (due.length >= limit || state.status !== 'pending' || state.nextAttemptAt > now || (this.leases.get(lease) ?? 0) > now) continue;
        this.leases.set(lease, now + leaseMs);
        due.push({ form: record.form, channel, attempts: state.attempts, enquiry: record });
      }
    }
    return due;
  }

  release(id: string, channel: Channel) {
    this.leases.delete(`${id}:${channel}`);
  }
}
