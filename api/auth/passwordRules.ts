import { dictionary } from '@zxcvbn-ts/language-common';
import { ADMIN_MESSAGES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../src/shared/adminMessages';
import { COMMON_PASSWORDS } from './commonPasswords';

/**
 * The 10,000 most common passwords of the breach corpora zxcvbn ranks (its list is ordered by
 * frequency), shipped with the package so no check leaves the server, and the Indian and
 * firm-specific ones in commonPasswords.ts that lists of Western breaches miss.
 */
export const BREACHED_PASSWORD_COUNT = 10_000;
const common = new Set([...dictionary.passwords.slice(0, BREACHED_PASSWORD_COUNT), ...COMMON_PASSWORDS]);

/** Why a new password cannot be used, in words staff understand; undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return ADMIN_MESSAGES.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  // Compared without case and surrounding spaces: "Password1 " is as guessable as "password1".
  if (common.has(password.trim().toLowerCase())) return ADMIN_MESSAGES.passwordTooCommon;
  return undefined;
}
