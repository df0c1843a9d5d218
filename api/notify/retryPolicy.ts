import type { DeliveryState } from '../store/Store';

/** Keep trying for a day, then give up and say so in the log and the admin table. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * What to record after one failed attempt: retry after an exponentially growing delay
 * (base, 2×base, 4×base … at most an hour), or fail for good once the enquiry is a day old.
 */
export function afterFailure(attempts: number, createdAt: string, error: string, now: number, baseDelayMs: number): DeliveryState {
  const delay = Math.min(baseDelayMs * 2 ** (attempts - 1), MAX_DELAY_MS);
  const next = now + delay;
  return next - Date.parse(createdAt) > GIVE_UP_AFTER_MS
    ? { status: 'failed', attempts, nextAttemptAt: now, lastError: error }
    : { status: 'pending', attempts, nextAttemptAt: next, lastError: error };
}

/** A notification no retry could deliver (what it sends is gone or stopped): recorded as failed at once. */
export class Undeliverable extends Error {}
