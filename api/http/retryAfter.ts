import type { Context } from 'hono';

/** Sets Retry-After for a limit that lifts at `resetAt` (ms since the epoch); returns the whole minutes left, for the message. */
export function setRetryAfter(c: Context, resetAt: number): number {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  c.header('Retry-After', String(seconds));
  return Math.ceil(seconds / 60);
}
