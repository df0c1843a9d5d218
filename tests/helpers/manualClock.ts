import type { Clock } from '../../api/clock';

export interface ManualClock extends Clock {
  /** Moves the time on, running each task that falls due on the way, in order, and waiting for the work each returns. */
  advance(ms: number): Promise<void>;
  /** How many tasks wait for the clock: a loop that runs at once (repeatEvery) waits here once its first run is over. */
  waiting(): number;
}

/** A clock that stands still until the test moves it. It starts at a fixed moment, so dates in assertions are known. */
export function manualClock(start = Date.parse('2026-11-24T05:30:00.000Z')): ManualClock {
  let time = start;
  let nextId = 0;
  const tasks = new Map<number, { at: number; task: () => unknown }>();
  return {
    now: () => time,
    after(ms, task) {
      const id = nextId++;
      tasks.set(id, { at: time + ms, task });
      return () => tasks.delete(id);
    },
    waiting: () => tasks.size,
    async advance(ms) {
      const end = time + ms;
      for (;;) {
        const due = [...tasks.entries()].filter(([, entry]) => entry.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        tasks.delete(due[0]);
        time = Math.max(time, due[1].at);
        await due[1].task();
      }
      time = end;
    },
  };
}
