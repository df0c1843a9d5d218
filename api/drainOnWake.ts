import type { Clock } from './clock';

export interface Draining {
  /** Runs rounds now until none is left; during a run, asks it for one more round. Resolves when the run is over. */
  wake(): Promise<void>;
  /** Stops polling and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * A queue worked through in rounds (the outbox's notifications, WhatsApp's posts and messages):
 * when woken, and every `pollMs` from the start (0: only when woken), one run at a time, each run
 * doing rounds while `round` says there is more and while a wake during it asks for more. A run
 * that fails is reported to `failed`; the next wake or poll runs again.
 */
export function drainOnWake(options: {
  clock: Clock;
  pollMs: number;
  round: () => Promise<boolean>;
  failed: (error: Error) => void;
}): Draining {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function drain() {
    do {
      again = false;
      if (await options.round()) again = true;
    } while (again && !stopped);
  }

  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    return (running = drain()
      .catch(options.failed)
      .finally(() => {
        running = undefined;
      }));
  }

  let cancel: (() => void) | undefined;
  function poll() {
    cancel = options.clock.after(options.pollMs, poll);
    return wake();
  }
  if (options.pollMs > 0) void poll();

  return {
    wake,
    async stop() {
      stopped = true;
      cancel?.();
      await running;
    },
  };
}
