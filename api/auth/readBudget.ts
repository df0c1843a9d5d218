import type { Context, TypedResponse } from 'hono';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { setRetryAfter } from '../http/retryAfter';
import { auditedBy, type SessionEnv } from '../middleware/requireSession';
import type { Store } from '../store/Store';

/** Enquiries a staff account may read in an hour: a day's work many times over, not a copy of the whole desk. */
export const STAFF_READS_PER_HOUR = 500;
const HOUR_MS = 60 * 60 * 1000;

export type ReadAllowance =
  | { ok: true; limit: number; done: (kind: string, count: number) => Promise<void> }
  // Typed, so that the admin API's contract (api/routes/adminRoutes.ts) carries the refusal too.
  | { ok: false; response: Response & TypedResponse<{ message: string }, 429, 'json'> };

/**
 * Every read of personal data goes in the audit log (who, what kind, how many records, never
 * a value), and staff reads of enquiries are limited per hour. `reserve` books `wanted` reads
 * atomically before the store is asked, so parallel pages cannot together pass the limit; the
 * answer says how many may be read now (a page is cut short at the limit), and `done` gives
 * back what was not read and writes the audit entry. Owners are audited, not limited.
 */
export function readBudget(store: Store) {
  return async function reserve<E extends SessionEnv>(c: Context<E>, wanted: number): Promise<ReadAllowance> {
    const { signedIn } = c.var as SessionEnv['Variables'];
    const key = `reads:${signedIn.accountId}`;
    let limit = wanted;
    if (signedIn.role === 'staff' && wanted > 0) {
      const { count, resetAt } = await store.windows.count(key, HOUR_MS, wanted);
      const before = count - wanted;
      if (before >= STAFF_READS_PER_HOUR) {
        await store.windows.count(key, HOUR_MS, -wanted);
        await store.audit.add({
          ...auditedBy(signedIn),
          action: 'read-refused',
          detail: `more than ${STAFF_READS_PER_HOUR} enquiries in an hour`,
        });
        return {
          ok: false,
          response: c.json({ message: ADMIN_MESSAGES.tooManyReads(STAFF_READS_PER_HOUR, setRetryAfter(c, resetAt)) }, 429),
        };
      }
      limit = Math.min(wanted, STAFF_READS_PER_HOUR - before);
    }
    return {
      ok: true,
      limit,
      done: async (kind, count) => {
        if (signedIn.role === 'staff' && wanted > count) await store.windows.count(key, HOUR_MS, count - wanted);
        await store.audit.add({
          ...auditedBy(signedIn),
          action: 'read',
          detail: `${kind}: ${count} ${count === 1 ? 'record' : 'records'}`,
        });
      },
    };
  };
}
