import type { Clock } from '../clock';

export interface Repeating {
  /** Waits for a run under way, then stops. */
  stop(): Promise<void>;
}

/**
 * Runs `work` at once, then `everyMs` after each run ends, on `clock` (so tests move it by
 * hand). A run that fails is reported to `failed` and the next one comes all the same.
 */
export function repeatEvery(clock: Clock, everyMs: number, work: () => Promise<void>, failed: (error: Error) => void): Repeating {
  let cancel: (() => void) | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function run() {
    return (running = work()
      .catch(failed)
      .finally(() => {
        running = undefined;
        if (!stopped) cancel = clock.after(everyMs, run);
      }));
  }

  void run();
  return {
    async stop() {
      stopped = true;
      cancel?.();
      await running;
    },
  };
}
