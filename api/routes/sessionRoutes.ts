import type { ServerContext } from '../context';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ADMIN_MESSAGES, MAX_CREDENTIAL_LENGTH, MAX_USERNAME_LENGTH, MIN_USERNAME_LENGTH } from '../../src/shared/adminMessages';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { ADMIN_NAME_COOKIE, deviceCookieName, sessionCookieName } from '../../src/shared/cookies';
import { forgetFirstPassword } from '../auth/bootstrapAdmin';
import { credentialGuard } from '../auth/credentialGuard';
import { hashPassword } from '../auth/passwordHash';
import { passwordProblem } from '../auth/passwordRules';
import { hashToken, newSessionToken, SESSION_MS } from '../auth/sessionTokens';
import type { ClientIpEnv } from '../middleware/clientIp';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { requireSession, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import type { Account } from '../store/Store';
import { UsernameTakenError } from '../store/storeErrors';

type Env = ClientIpEnv & JsonBodyEnv & Partial<SessionEnv>;

/** A browser stays trusted for its account for this long after its last sign-in. */
const DEVICE_MS = 90 * 24 * 60 * 60 * 1000;

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

/** Sign-in, sign-out and the login page's two reset modes, for every account. */
export function sessionRoutes({ store, config, clock }: ServerContext) {
  const app = new Hono<Env>();
  const check = credentialGuard(store, config.secureCookies);
  const cookies = { session: sessionCookieName(config.secureCookies), device: deviceCookieName(config.secureCookies) };
  const base = { path: '/', sameSite: 'Strict', secure: config.secureCookies } as const;
  const post = [limitBody, sameOriginJson(config.siteUrl), parseJsonBody] as const;

  /** The session this browser holds for `account`, if any: a reset keeps it and ends the others. */
  async function ownSession(c: Context<Env>, account: Account): Promise<string | undefined> {
    const token = getCookie(c, cookies.session);
    const tokenHash = token && token.length <= 100 ? hashToken(token) : undefined;
    const session = tokenHash ? await store.getSession(tokenHash) : undefined;
    return session?.accountId === account.id ? tokenHash : undefined;
  }

  app.post(ADMIN_API.login, ...post, async (c) => {
    const body = readText(c.var.body, ['username', 'password']);
    if (!body) return c.json(missingFields(['username', 'password']), 400);
    if ((await store.listAccounts()).length === 0) return c.json({ message: ADMIN_MESSAGES.noAdmin }, 401);
    const result = await check(c, body.username, body.password);
    if (!result.ok) return result.response;
    const { account } = result;
    const token = newSessionToken();
    await store.createSession(hashToken(token), { accountId: account.id, expiresAt: clock.now() + SESSION_MS });
    setCookie(c, cookies.session, token, { ...base, httpOnly: true, maxAge: SESSION_MS / 1000 });
    setCookie(c, ADMIN_NAME_COOKIE, account.username, { ...base, maxAge: SESSION_MS / 1000 });
    // This browser may now sign in to this account even while others are locked out of it.
    const device = getCookie(c, cookies.device);
    if (!(device && device.length <= 100 && (await store.isTrustedDevice(hashToken(device), account.id)))) {
      const deviceToken = newSessionToken();
      await store.addTrustedDevice(hashToken(deviceToken), { accountId: account.id, expiresAt: clock.now() + DEVICE_MS });
      setCookie(c, cookies.device, deviceToken, { ...base, httpOnly: true, maxAge: DEVICE_MS / 1000 });
    }
    await store.addAudit({ account: account.username, action: 'sign-in' });
    return c.json({ username: account.username, role: account.role, mustChangePassword: account.mustChangePassword === true });
  });

  app.post(ADMIN_API.logout, limitBody, requireSession(store, config.secureCookies), sameOriginJson(config.siteUrl), async (c) => {
    await store.deleteSession(c.var.signedIn.tokenHash);
    await store.addAudit({ account: c.var.signedIn.username, action: 'sign-out' });
    deleteCookie(c, cookies.session, base);
    deleteCookie(c, ADMIN_NAME_COOKIE, base);
    return c.json({ message: ADMIN_MESSAGES.loggedOut });
  });

  app.get(ADMIN_API.session, requireSession(store, config.secureCookies), (c) => {
    const { username, role, mustChangePassword } = c.var.signedIn;
    return c.json({ username, role, mustChangePassword });
  });

  app.post(ADMIN_API.resetPassword, ...post, async (c) => {
    const body = readText(c.var.body, ['username', 'currentPassword', 'newPassword', 'confirmPassword']);
    if (!body) return c.json(missingFields(['your username', 'current password', 'the new password twice']), 400);
    const result = await check(c, body.username, body.currentPassword);
    if (!result.ok) return result.response;
    if (body.newPassword !== body.confirmPassword) return c.json({ message: ADMIN_MESSAGES.passwordsDiffer }, 400);
    const problem = passwordProblem(body.newPassword);
    if (problem) return c.json({ message: problem }, 400);
    const { account } = result;
    const keepSession = await ownSession(c, account);
    await store.updateAccount(
      account.id,
      { passwordHash: await hashPassword(body.newPassword), mustChangePassword: false },
      { keepSession },
    );
    if (account.mustChangePassword) forgetFirstPassword(config.dataDir);
    await store.addAudit({ account: account.username, action: 'password-change' });
    return c.json({ message: ADMIN_MESSAGES.passwordChanged });
  });

  app.post(ADMIN_API.resetUsername, ...post, async (c) => {
    const body = readText(c.var.body, ['username', 'currentPassword', 'newUsername', 'confirmUsername']);
    if (!body) return c.json(missingFields(['your username', 'current password', 'the new username twice']), 400);
    const result = await check(c, body.username, body.currentPassword);
    if (!result.ok) return result.response;
    const newUsername = body.newUsername.trim();
    if (newUsername !== body.confirmUsername.trim()) return c.json({ message: ADMIN_MESSAGES.usernamesDiffer }, 400);
    if (newUsername.length < MIN_USERNAME_LENGTH) return c.json({ message: ADMIN_MESSAGES.usernameTooShort }, 400);
    if (newUsername.length > MAX_USERNAME_LENGTH)
      return c.json({ message: `Username must be at most ${MAX_USERNAME_LENGTH} characters.` }, 400);
    const { account } = result;
    try {
      await store.updateAccount(account.id, { username: newUsername }, { keepSession: await ownSession(c, account) });
    } catch (error) {
      if (error instanceof UsernameTakenError) return c.json({ message: ADMIN_MESSAGES.usernameTaken }, 409);
      throw error;
    }
    await store.addAudit({ account: newUsername, action: 'username-change', detail: `was ${account.username}` });
    if (await ownSession(c, { ...account, username: newUsername }))
      setCookie(c, ADMIN_NAME_COOKIE, newUsername, { ...base, maxAge: SESSION_MS / 1000 });
    return c.json({ message: ADMIN_MESSAGES.usernameChanged });
  });

  return app;
}
