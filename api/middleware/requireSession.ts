import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { sessionCookieName } from '../../src/shared/cookies';
import type { Role } from '../../src/shared/desk';
import { hashToken } from '../auth/sessionTokens';
import type { Store } from '../store/Store';

export interface SignedIn {
  accountId: string;
  username: string;
  role: Role;
  mustChangePassword: boolean;
  /** The hash of this request's session token. */
  tokenHash: string;
}

export type SessionEnv = { Variables: { signedIn: SignedIn } };

/**
 * 401 unless the request carries a live session of an account that still exists; the role
 * is read from the account on every request, so a change of role or a removal takes effect
 * at once. The readable adminUsername cookie counts for nothing.
 */
export function requireSession(store: Store, secureCookies: boolean) {
  const cookie = sessionCookieName(secureCookies);
  return createMiddleware<SessionEnv>(async (c, next) => {
    const token = getCookie(c, cookie);
    const tokenHash = token && token.length <= 100 ? hashToken(token) : undefined;
    const session = tokenHash ? await store.getSession(tokenHash) : undefined;
    const account = session && (await store.getAccount(session.accountId));
    if (!account || !tokenHash) return c.json({ message: ADMIN_MESSAGES.notLoggedIn }, 401);
    c.set('signedIn', {
      accountId: account.id,
      username: account.username,
      role: account.role,
      mustChangePassword: account.mustChangePassword === true,
      tokenHash,
    });
    await next();
  });
}

/** 403 for an account still on its server-generated password: it may only change it. */
export const passwordChosen = createMiddleware<SessionEnv>(async (c, next) => {
  if (c.var.signedIn.mustChangePassword) return c.json({ message: ADMIN_MESSAGES.mustChangePassword, mustChangePassword: true }, 403);
  await next();
});

/** 403 for staff: `what` completes "Only an owner can …". */
export function ownerOnly(what: string) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    if (c.var.signedIn.role !== 'owner') return c.json({ message: ADMIN_MESSAGES.ownersOnly(what) }, 403);
    await next();
  });
}
