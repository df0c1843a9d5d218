import type { Clock } from '../clock';
import type { Store } from '../store/Store';
import { DayRoom } from '../store/visitCaps';
import { batchesByDay, visitKeyOf, type VisitCaps, type VisitCount, type VisitKey } from '../store/VisitStore';

export interface VisitCounter {
  count(key: VisitKey): void;
  /** Writes what has been counted so far. */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest. */
  stop(): Promise<void>;
}

/**
 * Counts page views in memory and writes them to the store every `flushMs`: a burst of visits
 * costs one write a day counted. A crash loses at most the counts of the last `flushMs`; a
 * day's batch that cannot be written is kept whole for the next try (a batch is written whole
 * or not at all, so nothing is counted twice). The store holds each day to the caps; the
 * counter keeps its own tally of the day's room as well, so that what waits in memory for the
 * next write is bounded too, whatever a flood of made-up campaigns sends meanwhile.
 */
export function startVisitCounter({
  store,
  clock,
  flushMs,
  caps,
  log,
}: {
  store: Store;
  clock: Clock;
  flushMs: number;
  caps: VisitCaps;
  log: (fields: Record<string, unknown>) => void;
}): VisitCounter {
  let pending = new Map<string, VisitCount>();
  let writing: Promise<void> = Promise.resolve();
  let cancel = () => {};
  const expected = new Set<string>();
  let room: { day: string; room: DayRoom } | undefined;

  const add = (key: VisitKey, count: number) => {
    const id = visitKeyOf(key);
    pending.set(id, { ...key, count: (pending.get(id)?.count ?? 0) + count });
  };

  /** The owners' list, as every instance shares it; what the counter had still holds if the store cannot answer now. */
  const readExpected = async () => {
    const names = await store.visits.expectedCampaigns().catch(() => [...expected]);
    expected.clear();
    for (const name of names) expected.add(name);
  };

  const flush = () => {
    writing = writing.then(async () => {
      await readExpected();
      if (pending.size === 0) return;
      const batches = batchesByDay(pending.values());
      pending = new Map();
      for (const batch of batches) {
        try {
          await store.visits.add(batch, caps);
        } catch (error) {
          for (const count of batch) add(count, count.count);
          log({ level: 'error', msg: 'could not write visit counts; they are kept for the next try', error: (error as Error).message });
        }
      }
    });
    return writing;
  };

  writing = readExpected();
  const tick = () => {
    cancel = clock.after(flushMs, tick);
    return flush();
  };
  cancel = clock.after(flushMs, tick);

  return {
    count(key) {
      if (room?.day !== key.day) room = { day: key.day, room: new DayRoom(caps, expected) };
      add(room.room.admit(key), 1);
    },
    flush,
    async stop() {
      cancel();
      await flush();
    },
  };
}
