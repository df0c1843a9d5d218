import type { Clock } from '../clock';
import type { Store } from '../store/Store';
import { visitKeyOf, type VisitCount, type VisitKey } from '../store/VisitStore';

export interface VisitCounter {
  count(key: VisitKey): void;
  /** Writes what has been counted so far. */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest. */
  stop(): Promise<void>;
}

/**
 * Counts page views in memory and writes them to the store every `flushMs`, as one batch: a
 * burst of visits costs one write. A crash loses at most the counts of the last `flushMs`; a
 * write that fails keeps its counts for the next one.
 */
export function startVisitCounter({
  store,
  clock,
  flushMs,
  log,
}: {
  store: Store;
  clock: Clock;
  flushMs: number;
  log: (fields: Record<string, unknown>) => void;
}): VisitCounter {
  let pending = new Map<string, VisitCount>();
  let writing: Promise<void> = Promise.resolve();
  let cancel = () => {};

  const add = (key: VisitKey, count: number) => {
    const id = visitKeyOf(key);
    pending.set(id, { ...key, count: (pending.get(id)?.count ?? 0) + count });
  };

  const flush = () => {
    writing = writing.then(async () => {
      if (pending.size === 0) return;
      const batch = [...pending.values()];
      pending = new Map();
      try {
        await store.addVisitCounts(batch);
      } catch (error) {
        for (const count of batch) add(count, count.count);
        log({ level: 'error', msg: 'could not write visit counts; they are kept for the next try', error: (error as Error).message });
      }
    });
    return writing;
  };

  const tick = () => {
    cancel = clock.after(flushMs, tick);
    return flush();
  };
  cancel = clock.after(flushMs, tick);

  return {
    count: (key) => add(key, 1),
    flush,
    async stop() {
      cancel();
      await flush();
    },
  };
}
