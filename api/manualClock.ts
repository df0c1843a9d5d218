import type { Clock } from './clock';

export interface ManualClock extends Clock {
  /** Moves the time on, running each task that falls due on the way, in order, and waiting for the work each returns. */
  advance(ms: number): Promise<void>;
  /**
   * Moves the time on at once, then runs each task that fell due, once, in the order they fell due,
   * as a machine woken from sleep does: a loop that runs every few seconds runs once, not once for
   * each interval it slept through. The built server's test clock moves this way (api/testClock.ts),
   * so a day costs one run of each loop.
   */
  jump(ms: number): Promise<void>;
  /** How many tasks wait for the clock: a loop that runs at once (repeatEvery) waits here once its first run is over. */
  waiting(): number;
}

/**
 * A clock that stands still until it is moved: the in-process tests' (tests/helpers/manualClock.ts)
 * and the built server's under TEST_CLOCK. It starts at a fixed moment unless told, so dates in assertions are known.
 */
export function manualClock(start = Date.parse('2026-11-24T05:30:00.000Z')): ManualClock {
  let time = start;
  let nextId = 0;
  const tasks = new Map<number, { at: number; task: () => unknown }>();

  /** Runs the tasks due by `end`, earliest first; `stepwise`, the time is each one's own as it runs. */
  async function runDue(end: number, stepwise: boolean) {
    for (;;) {
      const due = [...tasks.entries()].filter(([, entry]) => entry.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      tasks.delete(due[0]);
      if (stepwise) time = Math.max(time, due[1].at);
      await due[1].task();
    }
    time = end;
  }

  return {
    now: () => time,
    after(ms, task) {
      const id = nextId++;
      tasks.set(id, { at: time + ms, task });
      return () => tasks.delete(id);
    },
    waiting: () => tasks.size,
    advance: (ms) => runDue(time + ms, true),
    async jump(ms) {
      time += ms;
      await runDue(time, false);
    },
  };
}
