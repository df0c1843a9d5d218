import type { Account, Store } from '../store/Store';
import { hashRecoveryCode, isRecoveryCode } from './recoveryCodes';
import { totpStep } from './totpCodes';

/** An account with an authenticator app or a passkey must use one to sign in. */
export const hasSecondFactor = (account: Account): boolean =>
  account.mfa?.totpSecret !== undefined || (account.mfa?.passkeys?.length ?? 0) > 0;

/**
 * True when `code` is a current authenticator code not used before, or an unused recovery
 * code; either is spent in the same step, so it never works twice.
 */
export async function spendSecondFactorCode(store: Store, account: Account, code: string, now: number): Promise<boolean> {
  const mfa = account.mfa;
  if (!mfa) return false;
  const trimmed = code.trim();
  if (isRecoveryCode(trimmed)) return store.spendCode(account.id, { recoveryCode: hashRecoveryCode(trimmed) });
  const step = mfa.totpSecret ? await totpStep(mfa.totpSecret, trimmed.replace(/\s/g, ''), now) : undefined;
  return step !== undefined && store.spendCode(account.id, { totpStep: step });
}
