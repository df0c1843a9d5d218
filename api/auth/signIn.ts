import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ADMIN_NAME_COOKIE, deviceCookieName, sessionCookieName } from '../../src/shared/cookies';
import type { ServerContext } from '../context';
import type { Account } from '../store/Store';
import { hasSecondFactor } from './secondFactor';
import { hashToken, newSessionToken, SESSION_MS } from './sessionTokens';

/** A browser stays trusted for its account for this long after its last sign-in. */
const DEVICE_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * What every way of signing in (password and code, passkey, a password change) does once
 * the account has proved itself: a new session cookie, the readable name, a trusted-device
 * cookie if this browser has none for the account, an audit entry; and what the browser is told.
 */
export function signIn({ store, config, clock }: Pick<ServerContext, 'store' | 'config' | 'clock'>) {
  const cookies = { session: sessionCookieName(config.secureCookies), device: deviceCookieName(config.secureCookies) };
  const base = { path: '/', sameSite: 'Strict', secure: config.secureCookies } as const;

  /**
   * `proved`: what the account has just shown, which counts as "entered within the last minutes"
   * when it then changes its second factors.
   */
  async function start(c: Context, account: Account, how: string | undefined, proved: { password: boolean; factor: boolean }) {
    const token = newSessionToken();
    const now = clock.now();
    await store.accounts.createSession(hashToken(token), {
      accountId: account.id,
      expiresAt: now + SESSION_MS,
      // The idle limit counts from the sign-in.
      lastSeenAt: now,
      ...(proved.password && { passwordAt: now }),
      ...(proved.factor && { factorAt: now }),
    });
    setCookie(c, cookies.session, token, { ...base, httpOnly: true, maxAge: SESSION_MS / 1000 });
    setCookie(c, ADMIN_NAME_COOKIE, account.username, { ...base, maxAge: SESSION_MS / 1000 });
    // This browser may now sign in to this account even while others are locked out of it.
    const device = getCookie(c, cookies.device);
    if (!(device && device.length <= 100 && (await store.accounts.isTrustedDevice(hashToken(device), account.id)))) {
      const deviceToken = newSessionToken();
      await store.accounts.addTrustedDevice(hashToken(deviceToken), { accountId: account.id, expiresAt: now + DEVICE_MS });
      setCookie(c, cookies.device, deviceToken, { ...base, httpOnly: true, maxAge: DEVICE_MS / 1000 });
    }
    if (how !== undefined)
      await store.audit.add({ account: account.username, accountId: account.id, action: 'sign-in', ...(how && { detail: how }) });
  }

  /** What GET /admin/session and a sign-in answer: who, and what they must do first. */
  const view = (account: Account) => ({
    username: account.username,
    role: account.role,
    mustChangePassword: account.mustChangePassword === true,
    mustEnrol: config.mfa === 'required' && !hasSecondFactor(account),
    /** Its name as enquirers read it, by language, for the desk's WhatsApp messages. */
    displayNames: account.displayNames ?? {},
  });

  return { start, view, cookies, base };
}
