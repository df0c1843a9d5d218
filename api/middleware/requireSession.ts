import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { SESSION_COOKIE } from '../../src/shared/cookies';
import { hashToken } from '../auth/sessionTokens';
import type { Store } from '../store/Store';

export type SessionEnv = { Variables: { session: { username: string; tokenHash: string } } };

/** 401 unless the request carries a live session cookie; the readable adminUsername cookie counts for nothing. */
export function requireSession(store: Store) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const tokenHash = token && token.length <= 100 ? hashToken(token) : undefined;
    const session = tokenHash ? await store.getSession(tokenHash) : undefined;
    if (!session || !tokenHash) return c.json({ message: ADMIN_MESSAGES.notLoggedIn }, 401);
    c.set('session', { username: session.username, tokenHash });
    await next();
  });
}
