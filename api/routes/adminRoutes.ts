import { setRetryAfter } from '../http/retryAfter';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ADMIN_MESSAGES, MAX_CREDENTIAL_LENGTH, MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from '../../src/shared/adminMessages';
import { dummyHash, hashPassword, verifyPassword } from '../auth/passwordHash';
import { ADMIN_NAME_COOKIE, SESSION_COOKIE } from '../../src/shared/cookies';
import { hashToken, newSessionToken, sameText, SESSION_MS } from '../auth/sessionTokens';
import type { Config } from '../config';
import type { ClientIpEnv } from '../middleware/clientIp';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { requireSession, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import type { Store } from '../store/Store';
import type { Outbox } from '../notify/outbox';
import { ADMIN_API } from '../../src/shared/adminPaths';

type Env = ClientIpEnv & JsonBodyEnv & Partial<SessionEnv>;

const LOCKOUT_LIMIT = 5;
const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

/** The text fields a request must carry, each a string of sensible length, or undefined. */
function readText<K extends string>(body: unknown, fields: readonly K[]): Record<K, string> | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const values = body as Record<string, unknown>;
  const result = {} as Record<K, string>;
  for (const field of fields) {
    const value = values[field];
    if (typeof value !== 'string' || value.length === 0 || value.length > MAX_CREDENTIAL_LENGTH) return undefined;
    result[field] = value;
  }
  return result;
}

const missingFields = (fields: string[]) => ({ message: `Fill in ${fields.join(' and ')}.` });

/** The admin's session endpoints and SPEC section 7's four admin endpoints, with its exact messages. */
export function adminRoutes(store: Store, config: Config, outbox: Outbox) {
  const app = new Hono<Env>();
  const authenticated = requireSession(store);

  app.use('*', async (c, next) => {
    await next();
    if ((Object.values(ADMIN_API) as string[]).includes(c.req.path)) {
      c.header('Cache-Control', 'no-store');
      c.header('X-Robots-Tag', 'noindex, nofollow');
    }
  });

  const lockKeys = (c: Context<Env>, username?: string) => [
    `login-ip:${c.var.clientIp}`,
    ...(username ? [`login-user:${username.toLowerCase()}`] : []),
  ];

  /** 429 while this IP or this username has failed too often; checked before any hashing. */
  async function lockedOut(c: Context<Env>, username?: string): Promise<Response | undefined> {
    for (const key of lockKeys(c, username)) {
      const { count, resetAt } = await store.countInWindow(key, LOCKOUT_WINDOW_MS, 0);
      if (count >= LOCKOUT_LIMIT) {
        return c.json({ message: ADMIN_MESSAGES.lockedOut(setRetryAfter(c, resetAt)) }, 429);
      }
    }
    return undefined;
  }

  /** True when the credential is right. A wrong one is counted towards the lockout. */
  async function checkCredential(c: Context<Env>, username: string | undefined, password: string): Promise<boolean> {
    const admin = await store.getAdmin();
    const nameMatches = admin !== undefined && (username === undefined || sameText(username, admin.username));
    const passwordMatches = await verifyPassword(password, nameMatches ? admin.passwordHash : await dummyHash());
    if (nameMatches && passwordMatches) return true;
    for (const key of lockKeys(c, username)) await store.countInWindow(key, LOCKOUT_WINDOW_MS, 1);
    return false;
  }

  function startSession(c: Context<Env>, token: string, username: string) {
    const secure = new URL(c.req.url).protocol === 'https:' || (config.trustProxy > 0 && c.req.header('x-forwarded-proto') === 'https');
    const options = { path: '/', sameSite: 'Strict', secure, maxAge: SESSION_MS / 1000 } as const;
    setCookie(c, SESSION_COOKIE, token, { ...options, httpOnly: true });
    setCookie(c, ADMIN_NAME_COOKIE, username, options);
  }

  function endSessionCookies(c: Context<Env>) {
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    deleteCookie(c, ADMIN_NAME_COOKIE, { path: '/' });
  }

  const post = [limitBody, sameOriginJson, parseJsonBody] as const;

  app.post(ADMIN_API.login, ...post, async (c) => {
    const body = readText(c.var.body, ['username', 'password']);
    if (!body) return c.json(missingFields(['username', 'password']), 400);
    if (!(await store.getAdmin())) return c.json({ message: ADMIN_MESSAGES.noAdmin }, 401);
    const locked = await lockedOut(c, body.username);
    if (locked) return locked;
    if (!(await checkCredential(c, body.username, body.password))) return c.json({ message: ADMIN_MESSAGES.wrongCredentials }, 401);
    const admin = (await store.getAdmin())!;
    const token = newSessionToken();
    await store.createSession(hashToken(token), { username: admin.username, expiresAt: Date.now() + SESSION_MS });
    startSession(c, token, admin.username);
    return c.json({ username: admin.username });
  });

  app.post(ADMIN_API.logout, limitBody, authenticated, sameOriginJson, async (c) => {
    await store.deleteSession(c.var.session.tokenHash);
    endSessionCookies(c);
    return c.json({ message: ADMIN_MESSAGES.loggedOut });
  });

  app.get(ADMIN_API.session, authenticated, (c) => c.json({ username: c.var.session.username }));

  app.post(ADMIN_API.resetPassword, ...post, async (c) => {
    const body = readText(c.var.body, ['username', 'currentPassword', 'newPassword', 'confirmPassword']);
    if (!body) return c.json(missingFields(['your username', 'current password', 'the new password twice']), 400);
    const locked = await lockedOut(c, body.username);
    if (locked) return locked;
    if (!(await checkCredential(c, body.username, body.currentPassword))) return c.json({ message: ADMIN_MESSAGES.wrongCredentials }, 401);
    if (body.newPassword !== body.confirmPassword) return c.json({ message: ADMIN_MESSAGES.passwordsDiffer }, 400);
    if (body.newPassword.length < MIN_PASSWORD_LENGTH) return c.json({ message: ADMIN_MESSAGES.passwordTooShort }, 400);
    const admin = (await store.getAdmin())!;
    await store.setAdmin({ ...admin, passwordHash: await hashPassword(body.newPassword) });
    await endOtherSessions(c);
    return c.json({ message: ADMIN_MESSAGES.passwordChanged });
  });

  app.post(ADMIN_API.resetUsername, ...post, async (c) => {
    const body = readText(c.var.body, ['currentPassword', 'newUsername', 'confirmUsername']);
    if (!body) return c.json(missingFields(['your current password', 'the new username twice']), 400);
    const locked = await lockedOut(c);
    if (locked) return locked;
    if (!(await checkCredential(c, undefined, body.currentPassword))) return c.json({ message: ADMIN_MESSAGES.wrongCredentials }, 401);
    const newUsername = body.newUsername.trim();
    if (newUsername !== body.confirmUsername.trim()) return c.json({ message: ADMIN_MESSAGES.usernamesDiffer }, 400);
    if (newUsername.length < MIN_USERNAME_LENGTH) return c.json({ message: ADMIN_MESSAGES.usernameTooShort }, 400);
    const admin = (await store.getAdmin())!;
    await store.setAdmin({ ...admin, username: newUsername });
    await endOtherSessions(c);
    return c.json({ message: ADMIN_MESSAGES.usernameChanged });
  });

  /** After a reset every other session ends; the one making the change, if logged in, stays. */
  async function endOtherSessions(c: Context<Env>) {
    const token = getCookie(c, SESSION_COOKIE);
    await store.deleteSessionsExcept(token ? hashToken(token) : undefined);
  }

  app.post(ADMIN_API.testNotification, limitBody, authenticated, sameOriginJson, async (c) => {
    if (outbox.channels.length === 0) {
      return c.json(
        { message: 'No notification channel is set up. Set SMTP_URL and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL, and restart the server.' },
        400,
      );
    }
    const results = await outbox.test();
    const summary = Object.entries(results)
      .map(([channel, result]) => `${channel === 'email' ? 'E-mail' : 'Webhook'}: ${result}`)
      .join('. ');
    return c.json({ message: `${summary}.`, results }, Object.values(results).every((result) => result === 'sent') ? 200 : 502);
  });

  app.get(ADMIN_API.listAbout, authenticated, async (c) => c.json({ Data: await store.listEnquiries('about') }));

  app.get(ADMIN_API.listContact, authenticated, async (c) => {
    const Data = await store.listEnquiries('contact');
    return c.json({ message: Data.length ? 'CONTACT US DATA FOUND' : 'NO CONTACT US DATA FOUND', Data });
  });

  for (const [path, kind, field, success] of [
    [ADMIN_API.deleteAbout, 'about', 'aid', 'PRODUCT DELETE SUCCESSFULLY'],
    [ADMIN_API.deleteContact, 'contact', 'cid', 'CONTACT DELETED SUCESSFULLY'],
  ] as const) {
    app.post(path, limitBody, authenticated, sameOriginJson, parseJsonBody, async (c) => {
      const id = (c.var.body as Record<string, unknown> | null)?.[field];
      if (typeof id !== 'string' || id.length === 0 || id.length > 100)
        return c.json({ message: `Send the record's id as text in "${field}".` }, 400);
      if (!(await store.deleteEnquiry(kind, id)))
        return c.json({ message: 'No record has that id; it may already have been deleted.' }, 404);
      return c.json({ message: success });
    });
  }
  return app;
}
