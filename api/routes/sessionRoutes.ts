import type { ServerContext } from '../context';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  ADMIN_MESSAGES,
  MAX_CREDENTIAL_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_USERNAME_LENGTH,
  USERNAME_PATTERN,
} from '../../src/shared/adminMessages';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { ADMIN_NAME_COOKIE } from '../../src/shared/cookies';
import { forgetFirstPassword } from '../auth/bootstrapAdmin';
import { credentialGuard } from '../auth/credentialGuard';
import { passkeys } from '../auth/passkeys';
import { hashPassword } from '../auth/passwordHash';
import { passwordProblem } from '../auth/passwordRules';
import { hasSecondFactor, proofOf, secondFactorStep } from '../auth/secondFactor';
import { hashToken, SESSION_MS } from '../auth/sessionTokens';
import { signIn } from '../auth/signIn';
import type { ClientIpEnv } from '../middleware/clientIp';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { auditedBy, requireSession, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import type { Account } from '../store/Store';
import { UsernameTakenError } from '../store/storeErrors';

type Env = ClientIpEnv & JsonBodyEnv & Partial<SessionEnv>;

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

/**
 * Sign-in, sign-out and the login page's two reset modes, for every account. Each checks the
 * password and, for an account with a second factor, a code or a passkey in the same request:
 * a password alone (phished, or reused from another site) changes nothing.
 */
export function sessionRoutes({ store, config, clock, secrets }: ServerContext) {
  const guard = credentialGuard(store, config.secureCookies);
  const webauthn = passkeys(store, config.siteUrl, clock);
  /**
   * The password, then the factor the body offers (a proof that cannot be one is refused before
   * anything is counted); `how` says what the account proved, for the audit log.
   */
  const check = async (c: Context<Env>, username: string, password: string) => {
    const proof = proofOf(c.var.body);
    if (proof === 'malformed') return { ok: false as const, response: c.json({ message: ADMIN_MESSAGES.codeFormat }, 400) };
    const result = await guard(c, username, password, secondFactorStep({ store, secrets, webauthn, now: () => clock.now() }, proof));
    if (!result.ok) return result;
    const factor = hasSecondFactor(result.account);
    return { ...result, factor, how: factor ? `password and ${proof && 'passkey' in proof ? 'passkey' : 'code'}` : 'password' };
  };
  const session = signIn({ store, config, clock });
  const { cookies, base } = session;
  const post = [limitBody, sameOriginJson(config.siteUrl), parseJsonBody] as const;

  /** The session this browser holds for `account`, if any: a reset keeps it and ends the others. */
  async function ownSession(c: Context<Env>, account: Account): Promise<string | undefined> {
    const token = getCookie(c, cookies.session);
    const tokenHash = token && token.length <= 100 ? hashToken(token) : undefined;
    const session = tokenHash ? await store.accounts.getSession(tokenHash) : undefined;
    return session?.accountId === account.id ? tokenHash : undefined;
  }
  return new Hono<Env>()
    .post(ADMIN_API.login, ...post, async (c) => {
      const body = readText(c.var.body, ['username', 'password']);
      if (!body) return c.json(missingFields(['username', 'password']), 400);
      if ((await store.accounts.list()).length === 0) return c.json({ message: ADMIN_MESSAGES.noAdmin }, 401);
      const result = await check(c, body.username, body.password);
      if (!result.ok) return result.response;
      await session.start(c, result.account, result.factor ? result.how : '', { password: true, factor: result.factor });
      return c.json(session.view(result.account));
    })
    .post(ADMIN_API.logout, limitBody, requireSession(store, config, clock), sameOriginJson(config.siteUrl), async (c) => {
      await store.accounts.deleteSession(c.var.signedIn.tokenHash);
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'sign-out' });
      deleteCookie(c, cookies.session, base);
      deleteCookie(c, ADMIN_NAME_COOKIE, base);
      return c.json({ message: ADMIN_MESSAGES.loggedOut });
    })
    .get(ADMIN_API.session, requireSession(store, config, clock), async (c) => {
      const account = await store.accounts.get(c.var.signedIn.accountId);
      return account ? c.json(session.view(account)) : c.json({ message: ADMIN_MESSAGES.notLoggedIn }, 401);
    })
    .post(ADMIN_API.resetPassword, ...post, async (c) => {
      const body = readText(c.var.body, ['username', 'currentPassword', 'newPassword', 'confirmPassword']);
      if (!body) return c.json(missingFields(['your username', 'current password', 'the new password twice']), 400);
      // The new password is checked first, so a code is not spent on a change that would be refused.
      if (body.newPassword !== body.confirmPassword) return c.json({ message: ADMIN_MESSAGES.passwordsDiffer }, 400);
      const problem = passwordProblem(body.newPassword);
      if (problem) return c.json({ message: problem }, 400);
      const result = await check(c, body.username, body.currentPassword);
      if (!result.ok) return result.response;
      const { account } = result;
      const signedInHere = (await ownSession(c, account)) !== undefined;
      // Every session and trusted device of the account ends, this browser's included: whoever
      // knew the old password keeps nothing. A browser that was signed in gets a new session.
      await store.accounts.update(
        account.id,
        { passwordHash: await hashPassword(body.newPassword), mustChangePassword: false },
        { forgetDevices: true },
      );
      if (account.mustChangePassword) forgetFirstPassword(config.dataDir);
      await store.audit.add({
        ...auditedBy({ accountId: account.id, username: account.username }),
        action: 'password-change',
        detail: `checked with the ${result.how}`,
      });
      if (signedInHere)
        await session.start(c, { ...account, mustChangePassword: false }, undefined, { password: true, factor: result.factor });
      else deleteCookie(c, cookies.device, base);
      return c.json({
        message: signedInHere ? ADMIN_MESSAGES.passwordChangedHere : ADMIN_MESSAGES.passwordChanged,
        signedIn: signedInHere,
      });
    })
    .post(ADMIN_API.resetUsername, ...post, async (c) => {
      const body = readText(c.var.body, ['username', 'currentPassword', 'newUsername', 'confirmUsername']);
      if (!body) return c.json(missingFields(['your username', 'current password', 'the new username twice']), 400);
      const newUsername = body.newUsername.trim();
      if (newUsername !== body.confirmUsername.trim()) return c.json({ message: ADMIN_MESSAGES.usernamesDiffer }, 400);
      if (newUsername.length < MIN_USERNAME_LENGTH) return c.json({ message: ADMIN_MESSAGES.usernameTooShort }, 400);
      if (newUsername.length > MAX_USERNAME_LENGTH)
        return c.json({ message: `Username must be at most ${MAX_USERNAME_LENGTH} characters.` }, 400);
      if (!USERNAME_PATTERN.test(newUsername)) return c.json({ message: ADMIN_MESSAGES.usernameCharacters }, 400);
      const result = await check(c, body.username, body.currentPassword);
      if (!result.ok) return result.response;
      const { account } = result;
      try {
        await store.accounts.update(account.id, { username: newUsername }, { keepSession: await ownSession(c, account) });
      } catch (error) {
        if (error instanceof UsernameTakenError) return c.json({ message: ADMIN_MESSAGES.usernameTaken }, 409);
        throw error;
      }
      await store.audit.add({
        ...auditedBy({ accountId: account.id, username: newUsername }),
        action: 'username-change',
        detail: `was ${account.username}; checked with the ${result.how}`,
      });
      if (await ownSession(c, { ...account, username: newUsername }))
        setCookie(c, ADMIN_NAME_COOKIE, newUsername, { ...base, maxAge: SESSION_MS / 1000 });
      return c.json({ message: ADMIN_MESSAGES.usernameChanged });
    });
}
