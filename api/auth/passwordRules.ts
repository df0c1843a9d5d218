import { ADMIN_MESSAGES, MAX_CREDENTIAL_LENGTH, MIN_PASSWORD_LENGTH } from '../../src/shared/adminMessages';
import { COMMON_PASSWORDS } from './commonPasswords';

const common = new Set(COMMON_PASSWORDS);

/** Why a new password cannot be used, in words staff understand; undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return ADMIN_MESSAGES.passwordTooShort;
  if (password.length > MAX_CREDENTIAL_LENGTH) return `Password must be at most ${MAX_CREDENTIAL_LENGTH} characters.`;
  // Compared without case and surrounding spaces: "Password1 " is as guessable as "password1".
  if (common.has(password.trim().toLowerCase())) return ADMIN_MESSAGES.passwordTooCommon;
  return undefined;
}
