import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { SecretsKey } from '../secrets/secretsKey';
import type { Account, SecondFactors, Store } from '../store/Store';
import type { SecondStep } from './credentialGuard';
import type { Passkeys } from './passkeys';
import { hashRecoveryCode, isRecoveryCode } from './recoveryCodes';
import { totpStep } from './totpCodes';

/** Factors that include an authenticator app or a passkey (recovery codes alone are none). */
export const includesFactor = (mfa: SecondFactors | undefined): boolean =>
  mfa?.totpSecret !== undefined || (mfa?.passkeys?.length ?? 0) > 0;

/** An account with an authenticator app or a passkey must use one to sign in. */
export const hasSecondFactor = (account: Account): boolean => includesFactor(account.mfa);

/** A sealed authenticator secret opens only on its own account: one copied onto another does not. */
const totpContext = (accountId: string) => `totp:${accountId}`;

export const sealTotpSecret = (secrets: SecretsKey, accountId: string, secret: string): string =>
  secrets.sealText(secret, totpContext(accountId));

export const openTotpSecret = (secrets: SecretsKey, accountId: string, sealed: string): string =>
  secrets.openText(sealed, totpContext(accountId));

/**
 * True when `code` is a current authenticator code not used before, or an unused recovery
 * code; either is spent in the same step, so it never works twice.
 */
export async function spendSecondFactorCode(store: Store, secrets: SecretsKey, account: Account, code: string, now: number) {
  const mfa = account.mfa;
  if (!mfa) return false;
  const trimmed = code.trim();
  if (isRecoveryCode(trimmed)) return store.accounts.spendCode(account.id, { recoveryCode: hashRecoveryCode(trimmed) });
  const step = mfa.totpSecret
    ? await totpStep(openTotpSecret(secrets, account.id, mfa.totpSecret), trimmed.replace(/\s/g, ''), now)
    : undefined;
  return step !== undefined && store.accounts.spendCode(account.id, { totpStep: step });
}

/** What a request offers as its second factor: a code (from the app, or a recovery code) or a passkey's answer. */
export type FactorProof = { code: string } | { passkey: AuthenticationResponseJSON };

/** The proof a body carries as `code` or `passkey`; undefined for none, 'malformed' for one that cannot be a proof. */
export function proofOf(body: unknown): FactorProof | undefined | 'malformed' {
  const { code, passkey } = (body && typeof body === 'object' ? body : {}) as { code?: unknown; passkey?: unknown };
  if (code !== undefined && code !== '') return typeof code === 'string' && code.length <= 40 ? { code } : 'malformed';
  if (passkey === undefined) return undefined;
  return passkey && typeof passkey === 'object' && typeof (passkey as { id?: unknown }).id === 'string'
    ? { passkey: passkey as AuthenticationResponseJSON }
    : 'malformed';
}

/**
 * The second step of every credential check (signing in, the login page's resets, confirming it
 * is you before changing factors): nothing for an account without a factor; otherwise the proof,
 * a code spent or one of the account's own passkeys verified (its counter saved), in the same request.
 */
export function secondFactorStep(
  { store, secrets, webauthn, now }: { store: Store; secrets: SecretsKey; webauthn: Passkeys; now: () => number },
  proof: FactorProof | undefined,
): SecondStep {
  return async (account) => {
    if (!hasSecondFactor(account)) return 'ok';
    if (!proof) return 'code-missing';
    if ('code' in proof) return (await spendSecondFactorCode(store, secrets, account, proof.code, now())) ? 'ok' : 'code-wrong';
    const passkeys = await webauthn.verify(account, proof.passkey);
    if (!passkeys) return 'code-wrong';
    await store.accounts.update(account.id, { mfa: { ...account.mfa, passkeys } });
    return 'ok';
  };
}
