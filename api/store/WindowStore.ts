export interface WindowCount {
  count: number;
  /** When the window ends, in ms since the epoch. */
  resetAt: number;
}

/**
 * Counters in fixed windows of time, shared by every instance: the rate limits of the public
 * forms and status page, the sign-in lockouts, the read budget of staff, and the assignment
 * rule's turns. Kept apart from any one part because each of those counts something else.
 */
export interface WindowStore {
  /**
   * Adds `add` events (0 to only look) against `key` in a fixed window of `windowMs`, and
   * returns the count so far in the current window, atomically.
   */
  count(key: string, windowMs: number, add?: number): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}
