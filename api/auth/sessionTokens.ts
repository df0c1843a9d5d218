import { createHash, randomBytes } from 'node:crypto';

/** A session lasts one day, as the firm's original admin cookies did. */
export const SESSION_MS = 24 * 60 * 60 * 1000;

/** 256 random bits, sent to the browser once and kept by the server only as a hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
