import type { ServerContext } from '../context';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono, type Context } from 'hono';
import QRCode from 'qrcode';
import { ADMIN_MESSAGES, MAX_CREDENTIAL_LENGTH } from '../../src/shared/adminMessages';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { isoNow } from '../clock';
import { credentialGuard, LOCKOUT_WINDOW_MS } from '../auth/credentialGuard';
import { passkeys } from '../auth/passkeys';
import { newRecoveryCodes } from '../auth/recoveryCodes';
import { hasSecondFactor, includesFactor, openTotpSecret, proofOf, sealTotpSecret, secondFactorStep } from '../auth/secondFactor';
import { signIn } from '../auth/signIn';
import { newTotpSecret, otpauthUrl, totpStep } from '../auth/totpCodes';
import type { ClientIpEnv } from '../middleware/clientIp';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { setRetryAfter } from '../http/retryAfter';
import {
  accountReady,
  auditedBy,
  CONFIRM_IDENTITY_MS,
  identityConfirmed,
  ownerOnly,
  passwordChosen,
  requireSession,
  type SessionEnv,
  type SignedIn,
} from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import type { Account, SecondFactors } from '../store/Store';

type Env = ClientIpEnv & JsonBodyEnv & SessionEnv;

/** Passkey sign-ins (and their options) per client address in the lockout window. */
const PASSKEY_ADDRESS_LIMIT = 30;
const MAX_PASSKEYS = 10;

const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;

/** What the account has, never a secret, and until when this session may change it: its Sign-in security screen. */
function factorsView(mfa: SecondFactors = {}, signedIn: Pick<SignedIn, 'passwordAt' | 'factorAt'>, hasFactor: boolean) {
  const proofs = hasFactor ? [signedIn.passwordAt, signedIn.factorAt] : [signedIn.passwordAt];
  const times = proofs.filter((at): at is number => at !== undefined);
  const until = times.length === proofs.length ? Math.min(...times) + CONFIRM_IDENTITY_MS : undefined;
  return {
    totp: mfa.totpSecret !== undefined,
    recoveryCodesLeft: mfa.recoveryCodes?.length ?? 0,
    passkeys: (mfa.passkeys ?? []).map(({ id, name, createdAt }) => ({ id, name, createdAt })),
    /** Changes are open until then (ISO); null when the account must first confirm it is the one signed in. */
    confirmedUntil: until === undefined ? null : new Date(until).toISOString(),
  };
}

/**
 * Second factors: each account enrols an authenticator app (TOTP) and passkeys, gets ten
 * recovery codes, and removes its own; an owner removes another account's (a lost phone);
 * and a passkey signs in on its own. Any change asks for the password and a current factor
 * entered within the last five minutes (POST /admin/api/mfa/confirm, or the sign-in itself; an
 * account without a factor, the password only), so a session alone cannot replace them. A
 * change ends the account's other sessions, is audited and is e-mailed to the owners.
 */
export function mfaRoutes({ store, config, clock, secrets, securityNotice }: ServerContext) {
  const session = signIn({ store, config, clock });
  const webauthn = passkeys(store, config.siteUrl, clock);
  const guard = credentialGuard(store, config.secureCookies);
  const own = [requireSession(store, config, clock), passwordChosen] as const;
  const confirmed = identityConfirmed(clock);
  const change = [limitBody, ...own, sameOriginJson(config.siteUrl), parseJsonBody, confirmed] as const;
  const removal = [limitBody, ...own, sameOriginJson(config.siteUrl), confirmed] as const;
  const accountOf = async (id: string) => (await store.accounts.get(id))!;
  const view = (c: Context<Env>, mfa: SecondFactors | undefined) => factorsView(mfa, c.var.signedIn, includesFactor(mfa));

  /**
   * Saves a change of the account's factors and, in the same write, ends every other session of
   * it; then the audit entry and the owners' e-mail. The first factor also brings the ten
   * recovery codes, returned to show once. `proved`: the change itself proved a factor (a code
   * from the new app, a new passkey), which this session may count as entered just now.
   */
  async function changeFactors(
    c: Context<Env>,
    account: Account,
    mfa: SecondFactors,
    audit: { action: 'second-factor-add' | 'second-factor-remove'; detail: string },
    proved = false,
  ): Promise<string[] | undefined> {
    let codes: string[] | undefined;
    if (audit.action === 'second-factor-add' && includesFactor(mfa) && !mfa.recoveryCodes?.length) {
      const fresh = newRecoveryCodes();
      codes = fresh.codes;
      mfa = { ...mfa, recoveryCodes: fresh.hashes };
    }
    await store.accounts.update(account.id, { mfa }, { keepSession: c.var.signedIn.tokenHash });
    if (proved) await store.accounts.recordProof(c.var.signedIn.tokenHash, { factorAt: clock.now() });
    await store.audit.add({
      ...auditedBy(c.var.signedIn),
      action: audit.action,
      detail: `${audit.detail}; the account's other sessions signed out`,
    });
    void securityNotice({
      kind: 'factors',
      username: account.username,
      change: audit.detail,
      by: c.var.signedIn.username,
      from: c.var.clientIp,
      at: clock.now(),
    });
    return codes;
  }

  /** Over the address's limit: 429. Each options request and each sign-in counts. */
  async function overLimit(c: Context<Env>) {
    const { count, resetAt } = await store.windows.count(`passkey-address:${c.var.rateKey}`, LOCKOUT_WINDOW_MS);
    return count > PASSKEY_ADDRESS_LIMIT ? c.json({ message: ADMIN_MESSAGES.lockedOut(setRetryAfter(c, resetAt)) }, 429) : undefined;
  }

  const publicPost = [limitBody, sameOriginJson(config.siteUrl), parseJsonBody] as const;
  return new Hono<Env>()
    .get(ADMIN_API.mfa, ...own, async (c) => c.json(view(c, (await accountOf(c.var.signedIn.accountId)).mfa)))
    .post(ADMIN_API.confirmIdentity, limitBody, ...own, sameOriginJson(config.siteUrl), parseJsonBody, async (c) => {
      const password = field(c.var.body, 'password');
      if (typeof password !== 'string' || password.length === 0 || password.length > MAX_CREDENTIAL_LENGTH)
        return c.json({ message: 'Enter your password.', errors: { password: 'Enter your password.' } }, 400);
      const proof = proofOf(c.var.body);
      if (proof === 'malformed') return c.json({ message: ADMIN_MESSAGES.codeFormat }, 400);
      const result = await guard(
        c,
        c.var.signedIn.username,
        password,
        secondFactorStep({ store, secrets, webauthn, now: () => clock.now() }, proof),
      );
      if (!result.ok) return result.response;
      const now = clock.now();
      const hasFactor = hasSecondFactor(result.account);
      await store.accounts.recordProof(c.var.signedIn.tokenHash, { passwordAt: now, ...(hasFactor && { factorAt: now }) });
      await store.audit.add({
        ...auditedBy(c.var.signedIn),
        action: 'identity-confirm',
        detail: hasFactor ? `password and ${proof && 'passkey' in proof ? 'passkey' : 'code'}` : 'password',
      });
      return c.json({
        message: ADMIN_MESSAGES.identityConfirmed,
        ...factorsView(result.account.mfa, { passwordAt: now, factorAt: now }, hasFactor),
      });
    })
    .post(ADMIN_API.totp, ...change, async (c) => {
      const account = await accountOf(c.var.signedIn.accountId);
      const secret = newTotpSecret();
      await store.accounts.update(account.id, { mfa: { ...account.mfa, pendingTotpSecret: sealTotpSecret(secrets, account.id, secret) } });
      return c.json({ secret, otpauthUrl: otpauthUrl(account.username, secret) });
    })
    .get(ADMIN_API.totpQr, ...own, async (c) => {
      const account = await accountOf(c.var.signedIn.accountId);
      const sealed = account.mfa?.pendingTotpSecret;
      if (!sealed) return c.json({ message: ADMIN_MESSAGES.noPendingTotp }, 404);
      const url = otpauthUrl(account.username, openTotpSecret(secrets, account.id, sealed));
      const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' });
    })
    .post(ADMIN_API.totpConfirm, ...change, async (c) => {
      const code = field(c.var.body, 'code');
      if (typeof code !== 'string' || !/^\d{6}$/.test(code.replace(/\s/g, ''))) return c.json({ message: ADMIN_MESSAGES.codeFormat }, 400);
      const account = await accountOf(c.var.signedIn.accountId);
      const sealed = account.mfa?.pendingTotpSecret;
      if (!sealed) return c.json({ message: ADMIN_MESSAGES.noPendingTotp }, 409);
      const step = await totpStep(openTotpSecret(secrets, account.id, sealed), code.replace(/\s/g, ''), clock.now());
      if (step === undefined) return c.json({ message: ADMIN_MESSAGES.enrolCodeWrong }, 400);
      const { pendingTotpSecret: _, ...rest } = account.mfa!;
      const replaced = rest.totpSecret !== undefined;
      const recoveryCodes = await changeFactors(
        c,
        account,
        { ...rest, totpSecret: sealed, totpLastStep: step },
        { action: 'second-factor-add', detail: replaced ? 'authenticator app replaced' : 'authenticator app' },
        true,
      );
      return c.json({ message: ADMIN_MESSAGES.totpAdded, recoveryCodes: recoveryCodes ?? [] });
    })
    .delete(ADMIN_API.totp, ...removal, async (c) => {
      const account = await accountOf(c.var.signedIn.accountId);
      if (!account.mfa?.totpSecret) return c.json({ message: ADMIN_MESSAGES.noTotp }, 404);
      const { totpSecret: _, totpLastStep: __, ...rest } = account.mfa;
      const mfa = withoutOrphanCodes(rest);
      await changeFactors(c, account, mfa, { action: 'second-factor-remove', detail: 'authenticator app' });
      return c.json(view(c, mfa));
    })
    .post(ADMIN_API.recoveryCodes, ...change, async (c) => {
      const account = await accountOf(c.var.signedIn.accountId);
      if (!hasSecondFactor(account)) return c.json({ message: ADMIN_MESSAGES.noFactorYet }, 409);
      const fresh = newRecoveryCodes();
      await changeFactors(
        c,
        account,
        { ...account.mfa, recoveryCodes: fresh.hashes },
        { action: 'second-factor-add', detail: 'new recovery codes' },
      );
      return c.json({ recoveryCodes: fresh.codes });
    })
    .post(ADMIN_API.passkeyOptions, ...change, async (c) =>
      c.json(await webauthn.registrationOptions(await accountOf(c.var.signedIn.accountId))),
    )
    .post(ADMIN_API.passkeys, ...change, async (c) => {
      const name = field(c.var.body, 'name');
      const response = field(c.var.body, 'response');
      if (typeof name !== 'string' || name.trim().length === 0 || name.length > 60)
        return c.json({ message: ADMIN_MESSAGES.passkeyName, errors: { name: ADMIN_MESSAGES.passkeyName } }, 400);
      if (!response || typeof response !== 'object') return c.json({ message: ADMIN_MESSAGES.passkeyFailed }, 400);
      const account = await accountOf(c.var.signedIn.accountId);
      if ((account.mfa?.passkeys?.length ?? 0) >= MAX_PASSKEYS)
        return c.json({ message: ADMIN_MESSAGES.tooManyPasskeys(MAX_PASSKEYS) }, 409);
      const passkey = await webauthn.register(account, response as RegistrationResponseJSON, name.trim(), isoNow(clock));
      if (!passkey) return c.json({ message: ADMIN_MESSAGES.passkeyFailed }, 400);
      const recoveryCodes = await changeFactors(
        c,
        account,
        { ...account.mfa, passkeys: [...(account.mfa?.passkeys ?? []), passkey] },
        { action: 'second-factor-add', detail: `passkey "${passkey.name}"` },
        true,
      );
      return c.json({ message: ADMIN_MESSAGES.passkeyAdded(passkey.name), recoveryCodes: recoveryCodes ?? [] }, 201);
    })
    .delete(ADMIN_API.passkey, ...removal, async (c) => {
      const account = await accountOf(c.var.signedIn.accountId);
      const id = c.req.param('id');
      const removed = account.mfa?.passkeys?.find((key) => key.id === id);
      if (!removed) return c.json({ message: ADMIN_MESSAGES.noPasskey }, 404);
      const mfa = withoutOrphanCodes({ ...account.mfa, passkeys: account.mfa!.passkeys!.filter((key) => key !== removed) });
      await changeFactors(c, account, mfa, { action: 'second-factor-remove', detail: `passkey "${removed.name}"` });
      return c.json(view(c, mfa));
    })
    .delete(
      ADMIN_API.accountMfa,
      limitBody,
      ...accountReady(store, config, clock),
      ownerOnly('remove another account’s second factors'),
      sameOriginJson(config.siteUrl),
      confirmed,
      async (c) => {
        const account = await store.accounts.find(c.req.param('username'));
        if (!account) return c.json({ message: 'No account has that username.' }, 404);
        // Its sessions end too, this one's included if it is the owner's own: whoever holds the lost phone may be signed in.
        await store.accounts.update(account.id, { mfa: {} }, {});
        await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'second-factor-reset', detail: account.username });
        void securityNotice({
          kind: 'factors',
          username: account.username,
          change: 'every second factor removed by an owner',
          by: c.var.signedIn.username,
          from: c.var.clientIp,
          at: clock.now(),
        });
        return c.json({ message: ADMIN_MESSAGES.factorsReset(account.username) });
      },
    )
    .post(ADMIN_API.passkeySignInOptions, ...publicPost, async (c) => (await overLimit(c)) ?? c.json(await webauthn.signInOptions()))
    .post(ADMIN_API.passkeySignIn, ...publicPost, async (c) => {
      const refused = await overLimit(c);
      if (refused) return refused;
      const response = field(c.var.body, 'response');
      const found =
        response && typeof response === 'object' && typeof (response as { id?: unknown }).id === 'string'
          ? await webauthn.signIn(response as AuthenticationResponseJSON)
          : undefined;
      if (!found) {
        await store.audit.add({ account: null, action: 'sign-in-failed', detail: 'passkey not accepted' });
        return c.json({ message: ADMIN_MESSAGES.passkeySignInFailed }, 401);
      }
      const { account, passkeys: updated } = found;
      await store.accounts.update(account.id, { mfa: { ...account.mfa, passkeys: updated } });
      await session.start(c, account, 'passkey', { password: false, factor: true });
      return c.json(session.view(account));
    });
}

/** Recovery codes stand in for a factor; with no factor left they would be a password of their own. */
function withoutOrphanCodes(mfa: SecondFactors): SecondFactors {
  if (mfa.totpSecret || mfa.passkeys?.length) return mfa;
  const { recoveryCodes: _, passkeys: __, ...rest } = mfa;
  return rest;
}
