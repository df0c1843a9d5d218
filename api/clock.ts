/**
 * Where the server reads the time and waits for it. Production uses the system's; a test
 * hands in one it moves by hand (tests/helpers/manualClock.ts), so nothing waits for real
 * time to pass. With PostgreSQL the instances' own clocks are used too, so they must be
 * kept in step (NTP), as any cluster's are.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /**
   * Runs `task` once, `ms` from now; returns what cancels it. It never keeps the process
   * alive by itself. A task may return the promise of the work it starts, for a test clock to wait on.
   */
  after(ms: number, task: () => unknown): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, task) {
    const timer = setTimeout(task, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** The clock's time as an ISO string, the way records store it. */
export const isoNow = (clock: Clock): string => new Date(clock.now()).toISOString();
