import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** SPEC section 9: one day. */
export const SESSION_MS = 24 * 60 * 60 * 1000;

/** 256 random bits, sent to the browser once and kept by the server only as a hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two strings in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}
