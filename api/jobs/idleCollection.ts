import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Session } from 'node:inspector';
import v8 from 'node:v8';
import type { Clock } from '../clock';
import { repeatEvery, type Repeating } from './repeatEvery';

/** How often the server looks at its heap and its event loop. */
export const IDLE_LOOK_MS = 2000;
/** The share of an interval the event loop may have been busy for the server to count as idle. */
export const IDLE_BELOW = 0.05;
/** How far the heap must have grown since it was last collected to be worth a full collection. */
export const SLACK_BYTES = 48 * 1024 * 1024;

/** The share of the time since it was last called that the event loop spent busy (0 to 1). */
export type LoopLook = () => number;

/** The event loop's own utilisation, as Node measures it, since the last look. */
export function eventLoopLooks(): LoopLook {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return busy;
  };
}

/**
 * Every collection V8 can make at once, with its heap compacted and its empty pages given back
 * to the system, as the inspector's HeapProfiler.collectGarbage asks for it; through
 * `node:inspector`'s in-process session, which opens no port. A plain full collection (the
 * `gc()` of `--expose-gc`) was tried first: it leaves most of a grown heap's pages in place
 * (273 MB to 203 MB, against 89 MB this way, at 3,000 pages).
 */
function collectAll(session: Session): Promise<void> {
  return new Promise((resolve, reject) => session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())));
}

/**
 * A burst of work (every page of a large site drawn as it is first asked for, a whole check)
 * grows V8's heap, and a server keeps it grown while it then idles: a browser gives V8 idle time
 * to collect in, Node does not, and V8's memory reducer did not shrink it either (3,000 pages ×
 * 3 languages served once: 274 MB of heap for 85 MB live, unchanged after 20 s idle; see
 * BENCHMARKS.md). So every `IDLE_LOOK_MS` the server looks: when the heap has grown by
 * `SLACK_BYTES` since it was last collected and the event loop was idle through the look, it
 * asks V8 for every collection it can make, in two rounds at two idle looks (each a fraction of
 * a second, while nothing is asked of it), which gives the heap's empty pages back to the system.
 */
export function startIdleCollection(
  clock: Clock,
  log: (fields: Record<string, unknown>) => void,
  busyShare: LoopLook = eventLoopLooks(),
): Repeating {
  const session = new Session();
  session.connect();
  let collectedAt = v8.getHeapStatistics().total_heap_size;
  // A second round takes what the first let go only at its end (at 3,000 pages, one round left
  // 137 MB of a 321 MB heap; two left 82 MB of 302 MB, and a third gave back nothing more). It
  // comes at the next idle look, so no single pause is both.
  let secondRound = false;
  const looking = repeatEvery(
    clock,
    IDLE_LOOK_MS,
    async () => {
      const before = v8.getHeapStatistics().total_heap_size;
      if (busyShare() >= IDLE_BELOW || (!secondRound && before - collectedAt < SLACK_BYTES)) return;
      const started = performance.now();
      await collectAll(session);
      collectedAt = v8.getHeapStatistics().total_heap_size;
      secondRound = !secondRound;
      log({
        msg: 'heap collected while idle',
        heapMB: Math.round(before / 2 ** 20),
        afterMB: Math.round(collectedAt / 2 ** 20),
        ms: Math.round(performance.now() - started),
      });
      // The collection itself is not work the next look should count.
      busyShare();
    },
    (error) => log({ level: 'error', msg: 'idle collection failed', error: error.message }),
  );
  return {
    async stop() {
      await looking.stop();
      session.disconnect();
    },
  };
}
