import { expect, test, vi } from 'vitest';
import { manualClock } from '../../tests/helpers/manualClock';
import { IDLE_LOOK_MS, startIdleCollection } from './idleCollection';

test('after a burst, the next two idle looks collect the heap and give it back; a busy loop or a small growth is left alone', async () => {
  const clock = manualClock();
  const logged: Record<string, unknown>[] = [];
  let busy = 1;
  const collection = startIdleCollection(
    clock,
    (fields) => logged.push(fields),
    () => busy,
  );
  // The next look, once the last one has ended and set it for IDLE_LOOK_MS later.
  const nextLook = async () => {
    await vi.waitFor(() => expect(clock.waiting()).toBe(1));
    await clock.advance(IDLE_LOOK_MS);
  };
  // A burst's garbage: objects that lived long enough to reach the old generation, then dropped.
  let burst: { index: number; text: string }[] | undefined = Array.from({ length: 1_500_000 }, (_, index) => ({
    index,
    text: `page ${index} `.repeat(8),
  }));
  expect(burst).toHaveLength(1_500_000);
  burst = undefined;

  await nextLook();
  expect(logged).toEqual([]);

  busy = 0;
  await nextLook();
  await nextLook();
  const aNumber = expect.any(Number) as number;
  const collected = { msg: 'heap collected while idle', heapMB: aNumber, afterMB: aNumber, ms: aNumber };
  expect(logged).toEqual([collected, collected]);
  const [first, second] = logged as { heapMB: number; afterMB: number }[];
  expect(first!.heapMB - second!.afterMB).toBeGreaterThan(100);

  // Idle again, but the heap has not grown since: nothing to give back.
  await nextLook();
  await nextLook();
  expect(logged).toHaveLength(2);
  await collection.stop();
});
