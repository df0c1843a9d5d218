import type { Context, TypedResponse } from 'hono';
import { getCookie } from 'hono/cookie';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { deviceCookieName } from '../../src/shared/cookies';
import { setRetryAfter } from '../http/retryAfter';
import type { ClientIpEnv } from '../middleware/clientIp';
import type { Account, Store } from '../store/Store';
import { ClientGoneError, dummyHash, HashQueueFullError, verifyPassword } from './passwordHash';
import { hashToken } from './sessionTokens';

/** Attempts per account in a window; a browser that signed in to the account before is exempt. */
export const ACCOUNT_LIMIT = 5;
/** Attempts per client address in a window: several staff may share an office's address. */
export const ADDRESS_LIMIT = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
const BUSY_RETRY_SECONDS = 5;

/** A refusal: the status and message, and whether the account needs its second factor (typed for the admin API's contract). */
type Refusal = Response & TypedResponse<{ message: string; mfaRequired?: boolean }, 401 | 429 | 503, 'json'>;
export type CheckResult = { ok: true; account: Account } | { ok: false; response: Refusal };

/** What the second step (a code, at sign-in) says once the password is right. */
export type SecondStep = (account: Account) => Promise<'ok' | 'code-missing' | 'code-wrong'>;
const noSecondStep: SecondStep = () => Promise.resolve('ok');

/**
 * Checks a username and password for every credential endpoint (login and both resets),
 * so none of them can be used to guess faster than the others:
 * - each attempt is counted, atomically, before any hashing, under the client's address
 *   (IPv6: its /64) and under the account named; over either limit the answer is 429;
 * - only one check runs at a time per address and per account in this process;
 * - the hashing queue is capped (503 with Retry-After when full), and a check whose client
 *   has gone is skipped;
 * - a browser holding this account's trusted-device cookie is not held by the account's
 *   lockout, so someone who guesses at the account cannot lock its owner out, and has places
 *   of its own in the hashing queue, so a flood of made-up usernames cannot keep it out either;
 * - a wrong second-factor code counts like a wrong password.
 * A success forgives the account's count and the attempt it cost the address.
 */
export function credentialGuard(store: Store, secureCookies: boolean) {
  const inFlight = new Set<string>();
  const deviceCookie = deviceCookieName(secureCookies);

  return async function check<E extends ClientIpEnv>(
    c: Context<E>,
    username: string,
    password: string,
    secondStep: SecondStep = noSecondStep,
  ): Promise<CheckResult> {
    const addressKey = `login-address:${(c.var as ClientIpEnv['Variables']).rateKey}`;
    const accountKey = `login-account:${username.toLowerCase()}`;
    const refuse = (status: 401 | 429 | 503, message: string, extra: { mfaRequired?: boolean } = {}): CheckResult => ({
      ok: false,
      response: c.json({ message, ...extra }, status),
    });
    if (inFlight.has(addressKey) || inFlight.has(accountKey)) {
      c.header('Retry-After', '1');
      return refuse(429, ADMIN_MESSAGES.checkInProgress);
    }
    inFlight.add(addressKey).add(accountKey);
    try {
      const account = await store.accounts.find(username);
      const address = await store.windows.count(addressKey, LOCKOUT_WINDOW_MS, 1);
      if (address.count > ADDRESS_LIMIT) return refuse(429, ADMIN_MESSAGES.lockedOut(setRetryAfter(c, address.resetAt)));
      const device = getCookie(c, deviceCookie);
      const trusted =
        account !== undefined &&
        device !== undefined &&
        device.length <= 100 &&
        (await store.accounts.isTrustedDevice(hashToken(device), account.id));
      if (!trusted) {
        const named = await store.windows.count(accountKey, LOCKOUT_WINDOW_MS, 1);
        if (named.count > ACCOUNT_LIMIT) return refuse(429, ADMIN_MESSAGES.lockedOut(setRetryAfter(c, named.resetAt)));
      }
      let matches: boolean;
      try {
        matches = await verifyPassword(password, account?.passwordHash ?? (await dummyHash()), { signal: c.req.raw.signal, trusted });
      } catch (error) {
        if (error instanceof HashQueueFullError) {
          c.header('Retry-After', String(BUSY_RETRY_SECONDS));
          return refuse(503, error.message);
        }
        if (error instanceof ClientGoneError) return refuse(401, ADMIN_MESSAGES.wrongCredentials);
        throw error;
      }
      if (!account || !matches) {
        await store.audit.add({
          account: account?.username ?? null,
          ...(account && { accountId: account.id }),
          action: 'sign-in-failed',
          detail: account ? 'wrong password' : 'unknown username',
        });
        return refuse(401, ADMIN_MESSAGES.wrongCredentials);
      }
      const step = await secondStep(account);
      if (step === 'code-missing') return refuse(401, ADMIN_MESSAGES.codeNeeded, { mfaRequired: true });
      if (step === 'code-wrong') {
        await store.audit.add({ account: account.username, accountId: account.id, action: 'sign-in-failed', detail: 'wrong code' });
        return refuse(401, ADMIN_MESSAGES.codeWrong, { mfaRequired: true });
      }
      await Promise.all([store.windows.reset(accountKey), store.windows.count(addressKey, LOCKOUT_WINDOW_MS, -1)]);
      return { ok: true, account };
    } finally {
      inFlight.delete(addressKey);
      inFlight.delete(accountKey);
    }
  };
}
