import type { Clock } from '../clock';

/** After a failed backup the next try comes sooner than the interval, but not at once. */
const RETRY_MS = 60 * 60 * 1000;

export interface BackupScheduleOptions {
  everyMs: number;
  clock: Clock;
  /** When the newest archive was made, if there is one. */
  newest: () => Date | undefined;
  backUp: () => Promise<unknown>;
  log: (fields: Record<string, unknown>) => void;
}

/**
 * Backs up whenever the newest archive (the server's or one `npm run backup` made) is older than
 * the interval: at start if one is due, then when the next falls due. A restart therefore
 * never makes an extra archive, which would push an older one out of BACKUP_KEEP early.
 */
export function scheduleBackups({ everyMs, clock, newest, backUp, log }: BackupScheduleOptions): { stop(): Promise<void> } {
  let cancel: (() => void) | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function tick() {
    let last: number | undefined;
    try {
      last = newest()?.getTime();
    } catch (error) {
      // An unreadable backup folder must not stop the server: say so, and look again later.
      log({ level: 'error', msg: 'backup folder unreadable', error: (error as Error).message });
      if (!stopped) cancel = clock.after(Math.min(everyMs, RETRY_MS), tick);
      return undefined;
    }
    if (last !== undefined && clock.now() - last < everyMs) {
      log({ msg: 'next backup due', at: new Date(last + everyMs).toISOString() });
      cancel = clock.after(last + everyMs - clock.now(), tick);
      return undefined;
    }
    return (running = backUp()
      .then(
        () => everyMs,
        (error: Error) => {
          log({ level: 'error', msg: 'backup failed', error: error.message });
          return Math.min(everyMs, RETRY_MS);
        },
      )
      .then((wait) => {
        running = undefined;
        if (!stopped) cancel = clock.after(wait, tick);
      }));
  }

  cancel = clock.after(0, tick);
  return {
    async stop() {
      stopped = true;
      cancel?.();
      await running;
    },
  };
}
