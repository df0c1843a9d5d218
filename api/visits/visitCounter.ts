import type { Clock } from '../clock';
import type { Store } from '../store/Store';
import { batchesByDay, visitKeyOf, type VisitCount, type VisitKey } from '../store/VisitStore';

export interface VisitCounter {
  count(key: VisitKey): void;
  /** Writes what has been counted so far. */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest. */
  stop(): Promise<void>;
}

/**
 * How many origins (campaign and referring site) one server counts on its own in a day. Beacons
 * need no account, so anyone could send a new made-up campaign with each one; past this, a
 * day's new origins are counted together as "(other)" and the store stays small.
 */
export const MAX_ORIGINS_PER_DAY = 1000;
export const OTHER_ORIGIN = '(other)';

const hasOrigin = (key: VisitKey) => Boolean(key.source || key.medium || key.campaign || key.referrer);
const originOf = (key: VisitKey) => [key.source, key.medium, key.campaign, key.referrer].join('\u0001');

/** Up to MAX_ORIGINS_PER_DAY origins a day as they are; the rest as "(other)", keeping whether it was a campaign or a site. */
function originLimit() {
  const seen = new Map<string, Set<string>>();
  return (key: VisitKey): VisitKey => {
    if (!hasOrigin(key)) return key;
    let day = seen.get(key.day);
    if (!day) {
      // Only today and yesterday (a visit just after midnight) are still being counted.
      for (const old of [...seen.keys()].sort().slice(0, -1)) seen.delete(old);
      day = new Set();
      seen.set(key.day, day);
    }
    const origin = originOf(key);
    if (day.has(origin)) return key;
    if (day.size < MAX_ORIGINS_PER_DAY) {
      day.add(origin);
      return key;
    }
    const campaign = Boolean(key.source || key.medium || key.campaign);
    return {
      ...key,
      source: campaign ? OTHER_ORIGIN : '',
      medium: '',
      campaign: '',
      referrer: key.referrer ? OTHER_ORIGIN : '',
    };
  };
}

/**
 * Counts page views in memory and writes them to the store every `flushMs`: a burst of visits
 * costs one write a day counted. A crash loses at most the counts of the last `flushMs`; a
 * day's batch that cannot be written is kept whole for the next try (a batch is written whole
 * or not at all, so nothing is counted twice).
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
  const limit = originLimit();

  const add = (key: VisitKey, count: number) => {
    const id = visitKeyOf(key);
    pending.set(id, { ...key, count: (pending.get(id)?.count ?? 0) + count });
  };

  const flush = () => {
    writing = writing.then(async () => {
      if (pending.size === 0) return;
      const batches = batchesByDay(pending.values());
      pending = new Map();
      for (const batch of batches) {
        try {
          await store.addVisitCounts(batch);
        } catch (error) {
          for (const count of batch) add(count, count.count);
          log({ level: 'error', msg: 'could not write visit counts; they are kept for the next try', error: (error as Error).message });
        }
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
    count: (key) => add(limit(key), 1),
    flush,
    async stop() {
      cancel();
      await flush();
    },
  };
}
