import type { ServerContext } from '../context';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono, type Context } from 'hono';
import QRCode from 'qrcode';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { isoNow } from '../clock';
import { LOCKOUT_WINDOW_MS } from '../auth/credentialGuard';
import { passkeys } from '../auth/passkeys';
import { newRecoveryCodes } from '../auth/recoveryCodes';
import { signIn } from '../auth/signIn';
import { newTotpSecret, otpauthUrl, totpStep } from '../auth/totpCodes';
import type { ClientIpEnv } from '../middleware/clientIp';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { setRetryAfter } from '../http/retryAfter';
import { accountReady, auditedBy, ownerOnly, passwordChosen, requireSession, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import type { Account, SecondFactors } from '../store/Store';

type Env = ClientIpEnv & JsonBodyEnv & SessionEnv;

/** Passkey sign-ins (and their options) per client address in the lockout window. */
const PASSKEY_ADDRESS_LIMIT = 30;
const MAX_PASSKEYS = 10;

const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;

/** What the account has, never a secret: shown on its Sign-in security screen. */
const factorsView = (mfa: SecondFactors = {}) => ({
  totp: mfa.totpSecret !== undefined,
  recoveryCodesLeft: mfa.recoveryCodes?.length ?? 0,
  passkeys: (mfa.passkeys ?? []).map(({ id, name, createdAt }) => ({ id, name, createdAt })),
});

/**
 * Second factors: each account enrols an authenticator app (TOTP) and passkeys, gets ten
 * recovery codes, and removes its own; an owner removes another account's (a lost phone);
 * and a passkey signs in on its own. Enrolment needs a session and a password of one's own,
 * not a second factor already (ADMIN_MFA=required sends a new account here first).
 */
export function mfaRoutes({ store, config, clock }: ServerContext) {
  const app = new Hono<Env>();
  const session = signIn({ store, config, clock });
  const webauthn = passkeys(store, config.siteUrl, clock);
  const own = [requireSession(store, config, clock), passwordChosen] as const;
  const change = [limitBody, ...own, sameOriginJson(config.siteUrl), parseJsonBody] as const;
  const accountOf = async (id: string) => (await store.getAccount(id))!;
  const audit = (account: Pick<Account, 'id' | 'username'>, action: 'second-factor-add' | 'second-factor-remove', detail: string) =>
    store.addAudit({ ...auditedBy({ accountId: account.id, username: account.username }), action, detail });

  /** Saves the factors; the first factor also brings the ten recovery codes, returned to show once. */
  async function saveFactors(account: Account, mfa: SecondFactors): Promise<string[] | undefined> {
    let codes: string[] | undefined;
    if (!mfa.recoveryCodes?.length) {
      const fresh = newRecoveryCodes();
      codes = fresh.codes;
      mfa = { ...mfa, recoveryCodes: fresh.hashes };
    }
    await store.updateAccount(account.id, { mfa });
    return codes;
  }

  app.get(ADMIN_API.mfa, ...own, async (c) => c.json(factorsView((await accountOf(c.var.signedIn.accountId)).mfa)));

  app.post(ADMIN_API.totp, ...change, async (c) => {
    const account = await accountOf(c.var.signedIn.accountId);
    const secret = newTotpSecret();
    await store.updateAccount(account.id, { mfa: { ...account.mfa, pendingTotpSecret: secret } });
    return c.json({ secret, otpauthUrl: otpauthUrl(account.username, secret) });
  });

  app.get(ADMIN_API.totpQr, ...own, async (c) => {
    const account = await accountOf(c.var.signedIn.accountId);
    const secret = account.mfa?.pendingTotpSecret;
    if (!secret) return c.json({ message: ADMIN_MESSAGES.noPendingTotp }, 404);
    const svg = await QRCode.toString(otpauthUrl(account.username, secret), { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' });
  });

  app.post(ADMIN_API.totpConfirm, ...change, async (c) => {
    const code = field(c.var.body, 'code');
    if (typeof code !== 'string' || !/^\d{6}$/.test(code.replace(/\s/g, ''))) return c.json({ message: ADMIN_MESSAGES.codeFormat }, 400);
    const account = await accountOf(c.var.signedIn.accountId);
    const secret = account.mfa?.pendingTotpSecret;
    if (!secret) return c.json({ message: ADMIN_MESSAGES.noPendingTotp }, 409);
    const step = await totpStep(secret, code.replace(/\s/g, ''), clock.now());
    if (step === undefined) return c.json({ message: ADMIN_MESSAGES.enrolCodeWrong }, 400);
    const { pendingTotpSecret: _, ...rest } = account.mfa!;
    const recoveryCodes = await saveFactors(account, { ...rest, totpSecret: secret, totpLastStep: step });
    await audit(account, 'second-factor-add', 'authenticator app');
    return c.json({ message: ADMIN_MESSAGES.totpAdded, recoveryCodes: recoveryCodes ?? [] });
  });

  app.delete(ADMIN_API.totp, limitBody, ...own, sameOriginJson(config.siteUrl), async (c) => {
    const account = await accountOf(c.var.signedIn.accountId);
    if (!account.mfa?.totpSecret) return c.json({ message: ADMIN_MESSAGES.noTotp }, 404);
    const { totpSecret: _, totpLastStep: __, ...rest } = account.mfa;
    await store.updateAccount(account.id, { mfa: withoutOrphanCodes(rest) });
    await audit(account, 'second-factor-remove', 'authenticator app');
    return c.json(factorsView(withoutOrphanCodes(rest)));
  });

  app.post(ADMIN_API.recoveryCodes, ...change, async (c) => {
    const account = await accountOf(c.var.signedIn.accountId);
    if (!account.mfa?.totpSecret && !account.mfa?.passkeys?.length) return c.json({ message: ADMIN_MESSAGES.noFactorYet }, 409);
    const fresh = newRecoveryCodes();
    await store.updateAccount(account.id, { mfa: { ...account.mfa, recoveryCodes: fresh.hashes } });
    await audit(account, 'second-factor-add', 'new recovery codes');
    return c.json({ recoveryCodes: fresh.codes });
  });

  app.post(ADMIN_API.passkeyOptions, ...change, async (c) =>
    c.json(await webauthn.registrationOptions(await accountOf(c.var.signedIn.accountId))),
  );

  app.post(ADMIN_API.passkeys, ...change, async (c) => {
    const name = field(c.var.body, 'name');
    const response = field(c.var.body, 'response');
    if (typeof name !== 'string' || name.trim().length === 0 || name.length > 60)
      return c.json({ message: ADMIN_MESSAGES.passkeyName, errors: { name: ADMIN_MESSAGES.passkeyName } }, 400);
    if (!response || typeof response !== 'object') return c.json({ message: ADMIN_MESSAGES.passkeyFailed }, 400);
    const account = await accountOf(c.var.signedIn.accountId);
    if ((account.mfa?.passkeys?.length ?? 0) >= MAX_PASSKEYS) return c.json({ message: ADMIN_MESSAGES.tooManyPasskeys(MAX_PASSKEYS) }, 409);
    const passkey = await webauthn.register(account, response as RegistrationResponseJSON, name.trim(), isoNow(clock));
    if (!passkey) return c.json({ message: ADMIN_MESSAGES.passkeyFailed }, 400);
    const recoveryCodes = await saveFactors(account, { ...account.mfa, passkeys: [...(account.mfa?.passkeys ?? []), passkey] });
    await audit(account, 'second-factor-add', 'passkey');
    return c.json({ message: ADMIN_MESSAGES.passkeyAdded(passkey.name), recoveryCodes: recoveryCodes ?? [] }, 201);
  });

  app.delete(ADMIN_API.passkey, limitBody, ...own, sameOriginJson(config.siteUrl), async (c) => {
    const account = await accountOf(c.var.signedIn.accountId);
    const id = c.req.param('id');
    const left = (account.mfa?.passkeys ?? []).filter((key) => key.id !== id);
    if (left.length === (account.mfa?.passkeys ?? []).length) return c.json({ message: ADMIN_MESSAGES.noPasskey }, 404);
    const mfa = withoutOrphanCodes({ ...account.mfa, passkeys: left });
    await store.updateAccount(account.id, { mfa });
    await audit(account, 'second-factor-remove', 'passkey');
    return c.json(factorsView(mfa));
  });

  app.delete(
    ADMIN_API.accountMfa,
    limitBody,
    ...accountReady(store, config, clock),
    ownerOnly('remove another account’s second factors'),
    sameOriginJson(config.siteUrl),
    async (c) => {
      const account = await store.findAccount(c.req.param('username'));
      if (!account) return c.json({ message: 'No account has that username.' }, 404);
      // Its sessions end too: whoever holds the lost phone may be signed in.
      await store.updateAccount(account.id, { mfa: {} }, {});
      await store.addAudit({ ...auditedBy(c.var.signedIn), action: 'second-factor-reset', detail: account.username });
      return c.json({ message: ADMIN_MESSAGES.factorsReset(account.username) });
    },
  );

  /** Over the address's limit: 429. Each options request and each sign-in counts. */
  async function overLimit(c: Context<Env>) {
    const { count, resetAt } = await store.countInWindow(`passkey-address:${c.var.rateKey}`, LOCKOUT_WINDOW_MS);
    return count > PASSKEY_ADDRESS_LIMIT ? c.json({ message: ADMIN_MESSAGES.lockedOut(setRetryAfter(c, resetAt)) }, 429) : undefined;
  }

  const publicPost = [limitBody, sameOriginJson(config.siteUrl), parseJsonBody] as const;

  app.post(ADMIN_API.passkeySignInOptions, ...publicPost, async (c) => (await overLimit(c)) ?? c.json(await webauthn.signInOptions()));

  app.post(ADMIN_API.passkeySignIn, ...publicPost, async (c) => {
    const refused = await overLimit(c);
    if (refused) return refused;
    const response = field(c.var.body, 'response');
    const found =
      response && typeof response === 'object' && typeof (response as { id?: unknown }).id === 'string'
        ? await webauthn.signIn(response as AuthenticationResponseJSON)
        : undefined;
    if (!found) {
      await store.addAudit({ account: null, action: 'sign-in-failed', detail: 'passkey not accepted' });
      return c.json({ message: ADMIN_MESSAGES.passkeySignInFailed }, 401);
    }
    const { account, passkeys: updated } = found;
    await store.updateAccount(account.id, { mfa: { ...account.mfa, passkeys: updated } });
    await session.start(c, account, 'passkey');
    return c.json(session.view(account));
  });

  return app;
}

/** Recovery codes stand in for a factor; with no factor left they would be a password of their own. */
function withoutOrphanCodes(mfa: SecondFactors): SecondFactors {
  if (mfa.totpSecret || mfa.passkeys?.length) return mfa;
  const { recoveryCodes: _, passkeys: __, ...rest } = mfa;
  return rest;
}
