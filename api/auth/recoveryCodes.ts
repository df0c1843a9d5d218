import { createHash, randomInt } from 'node:crypto';

const COUNT = 10;
/** No 0/o, 1/l/i: codes are copied from paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 16;

/** What a person typed, as it was stored: spaces, dashes and case do not matter. */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** Looks like a recovery code (rather than six digits from the app). */
export const isRecoveryCode = (code: string): boolean => code.replace(/[\s-]/g, '').length === LENGTH;

/**
 * Ten single-use codes of 16 characters (about 79 bits each), shown once as "abcd-efgh-jkmn-pqrs";
 * only their SHA-256 is stored: the randomness, not the hash, is what makes them unguessable.
 */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: COUNT }, () =>
    Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)])
      .join('')
      .replace(/(.{4})(?!$)/g, '$1-'),
  );
  return { codes, hashes: codes.map(hashRecoveryCode) };
}
