import type { Clock } from '../../clock';
import type { WindowCount, WindowStore } from '../WindowStore';
import { settle } from './settle';

interface Window {
  count: number;
  endsAt: number;
}

/** Enough for every client of a busy day; past it the least recently counted keys are forgotten first. */
export const MAX_WINDOWS = 50_000;

/**
 * Fixed-window counters in memory, for the file store's one process (a restart forgets them, which only shortens a lockout). Each window keeps
 * its own end, so a short window (enquiries) never ends a long one (a login lockout);
 * keys are forgotten when their window ends or, past MAX_WINDOWS, least recently used first.
 */
export class FileWindows implements WindowStore {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: Pick<Clock, 'now'>,
    private readonly maxWindows = MAX_WINDOWS,
  ) {}

  count(key: string, windowMs: number, add = 1): Promise<WindowCount> {
    return settle(() => {
      const now = this.clock.now();
      let window = this.windows.get(key);
      if (window && window.endsAt <= now) window = undefined;
      this.windows.delete(key);
      if (!window && add === 0) return { count: 0, resetAt: now + windowMs };
      window ??= { count: 0, endsAt: now + windowMs };
      window.count += add;
      this.windows.set(key, window); // re-inserted: the Map's order is the order of last use
      if (this.windows.size > this.maxWindows) this.sweep(now);
      return { count: window.count, resetAt: window.endsAt };
    });
  }

  reset(key: string): Promise<void> {
    return settle(() => {
      this.windows.delete(key);
    });
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.maxWindows) break;
      this.windows.delete(key);
    }
  }
}
