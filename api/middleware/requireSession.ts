import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { sessionCookieName } from '../../src/shared/cookies';
import type { Role } from '../../src/shared/accounts';
import { hasSecondFactor } from '../auth/secondFactor';
import { hashToken, SESSION_MS } from '../auth/sessionTokens';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Actor, Store } from '../store/Store';

/** A session's last request is written at most this often (or a tenth of a short idle limit): the limit needs minutes, not milliseconds. */
const TOUCH_EVERY_MS = 60_000;
/** How recently the password and the second factor must have been entered for a change of second factors. */
export const CONFIRM_IDENTITY_MS = 5 * 60_000;

export interface SignedIn {
  accountId: string;
  username: string;
  role: Role;
  mustChangePassword: boolean;
  /** ADMIN_MFA is required and the account has no second factor yet: it may only enrol one. */
  mustEnrol: boolean;
  /** The account has an authenticator app or a passkey. */
  hasFactor: boolean;
  /** When this session last proved the password, and the second factor (ms). */
  passwordAt: number | undefined;
  factorAt: number | undefined;
  /** The hash of this request's session token. */
  tokenHash: string;
}

/** The signed-in account as the store records who changed an enquiry. */
export const actorOf = ({ accountId, username }: SignedIn): Actor => ({ id: accountId, username });

/** Who an audit entry is about: the name at the time and the permanent id a rename keeps. */
export const auditedBy = ({ accountId, username }: { accountId: string; username: string }) => ({ account: username, accountId });

export type SessionEnv = { Variables: { signedIn: SignedIn } };

/**
 * 401 unless the request carries a live session of an account that still exists, and the
 * session has made a request within the idle limit (ADMIN_IDLE_MINUTES; it ends otherwise).
 * The role is read from the account on every request, so a change of role or a removal takes
 * effect at once. The readable adminUsername cookie counts for nothing.
 */
export function requireSession(store: Store, config: Pick<Config, 'secureCookies' | 'idleMs' | 'mfa'>, clock: Clock) {
  const cookie = sessionCookieName(config.secureCookies);
  return createMiddleware<SessionEnv>(async (c, next) => {
    const token = getCookie(c, cookie);
    const tokenHash = token && token.length <= 100 ? hashToken(token) : undefined;
    const session = tokenHash ? await store.accounts.getSession(tokenHash) : undefined;
    const account = session && (await store.accounts.get(session.accountId));
    if (!account || !tokenHash) return c.json({ message: ADMIN_MESSAGES.notLoggedIn }, 401);
    const now = clock.now();
    // A session of an older version that never made a request counts from its sign-in, a day before it ends.
    const lastSeenAt = session.lastSeenAt ?? session.expiresAt - SESSION_MS;
    if (now - lastSeenAt >= config.idleMs) {
      await store.accounts.deleteSession(tokenHash);
      return c.json({ message: ADMIN_MESSAGES.idleEnded(Math.round(config.idleMs / 60_000)) }, 401);
    }
    if (now - lastSeenAt >= Math.min(TOUCH_EVERY_MS, config.idleMs / 10)) await store.accounts.touchSession(tokenHash, now);
    c.set('signedIn', {
      accountId: account.id,
      username: account.username,
      role: account.role,
      mustChangePassword: account.mustChangePassword === true,
      mustEnrol: config.mfa === 'required' && !hasSecondFactor(account),
      hasFactor: hasSecondFactor(account),
      passwordAt: session.passwordAt,
      factorAt: session.factorAt,
      tokenHash,
    });
    await next();
  });
}

/** 403 for an account still on a password someone else chose: it may only change it. */
export const passwordChosen = createMiddleware<SessionEnv>(async (c, next) => {
  if (c.var.signedIn.mustChangePassword) return c.json({ message: ADMIN_MESSAGES.mustChangePassword, mustChangePassword: true }, 403);
  await next();
});

/** 403 for an account that must enrol a second factor first (ADMIN_MFA=required). */
export const secondFactorEnrolled = createMiddleware<SessionEnv>(async (c, next) => {
  if (c.var.signedIn.mustEnrol) return c.json({ message: ADMIN_MESSAGES.mustEnrol, mustEnrol: true }, 403);
  await next();
});

/**
 * True unless this session entered the account's password, and its second factor when it has
 * one, within the last CONFIRM_IDENTITY_MS.
 */
export function unconfirmed({ passwordAt, factorAt, hasFactor }: SignedIn, now: number): boolean {
  const recent = (at: number | undefined) => at !== undefined && now - at < CONFIRM_IDENTITY_MS;
  return !recent(passwordAt) || (hasFactor && !recent(factorAt));
}

/** What a change that needs a fresh confirmation answers without one (403): the screen asks for it, then tries again. */
export const confirmFirst = ({ hasFactor }: SignedIn, purpose?: string) => ({
  message: ADMIN_MESSAGES.confirmIdentity(hasFactor, purpose),
  confirmIdentity: true as const,
});

/**
 * 403 `{ confirmIdentity: true }` unless the session is confirmed (see `unconfirmed`): what
 * changing second factors and accounts needs, so a session alone (a stolen cookie) can neither
 * replace them nor make itself another way in.
 */
export function identityConfirmed(clock: Clock, purpose?: string) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    if (unconfirmed(c.var.signedIn, clock.now())) return c.json(confirmFirst(c.var.signedIn, purpose), 403);
    await next();
  });
}

/** Signed in, with a password of one's own and a second factor: what every desk route needs. */
export function accountReady(store: Store, config: Pick<Config, 'secureCookies' | 'idleMs' | 'mfa'>, clock: Clock) {
  return [requireSession(store, config, clock), passwordChosen, secondFactorEnrolled] as const;
}

/** 403 unless the account has one of `roles`, with `message`. */
function rolesOnly(roles: readonly Role[], message: string) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    if (!roles.includes(c.var.signedIn.role)) return c.json({ message }, 403);
    await next();
  });
}

/** Ready, and an owner or staff: enquiries, privacy requests and notifications are not an editor's. */
export function deskReady(store: Store, config: Pick<Config, 'secureCookies' | 'idleMs' | 'mfa'>, clock: Clock) {
  return [...accountReady(store, config, clock), rolesOnly(['owner', 'staff'], ADMIN_MESSAGES.deskOnly)] as const;
}

/** Ready, and an owner or editor: the pages are not staff's to change. */
export function pagesReady(store: Store, config: Pick<Config, 'secureCookies' | 'idleMs' | 'mfa'>, clock: Clock) {
  return [...accountReady(store, config, clock), rolesOnly(['owner', 'editor'], ADMIN_MESSAGES.pagesOnly)] as const;
}

/** 403 for staff: `what` completes "Only an owner can …". */
export function ownerOnly(what: string) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    if (c.var.signedIn.role !== 'owner') return c.json({ message: ADMIN_MESSAGES.ownersOnly(what) }, 403);
    await next();
  });
}
