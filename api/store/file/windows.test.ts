import { expect, test } from 'vitest';
import { FileWindows } from './windows';

let time = 0;
const clock = { now: () => time };
/** The window's answer at `now`. */
const countAt = (windows: FileWindows, now: number, key: string, windowMs: number, add: number) => {
  time = now;
  return windows.count(key, windowMs, add);
};

test('counts in a fixed window that ends at its own time', async () => {
  const windows = new FileWindows(clock);
  expect(await countAt(windows, 0, 'ip', 1000, 1)).toEqual({ count: 1, resetAt: 1000 });
  expect(await countAt(windows, 500, 'ip', 1000, 1)).toEqual({ count: 2, resetAt: 1000 });
  expect(await countAt(windows, 999, 'ip', 1000, 0)).toEqual({ count: 2, resetAt: 1000 });
  expect(await countAt(windows, 1000, 'ip', 1000, 1)).toEqual({ count: 1, resetAt: 2000 });
});

test('a short window never ends a long one (enquiries do not clear a login lockout)', async () => {
  const windows = new FileWindows(clock);
  await countAt(windows, 0, 'login:owner', 15 * 60_000, 5);
  await countAt(windows, 0, 'enquiry:1.2.3.4', 10_000, 1);
  expect((await countAt(windows, 20_000, 'enquiry:1.2.3.4', 10_000, 1)).count).toBe(1);
  expect((await countAt(windows, 20_000, 'login:owner', 15 * 60_000, 0)).count).toBe(5);
});

test('looking without adding keeps nothing, and reset forgets a key', async () => {
  const windows = new FileWindows(clock);
  expect(await countAt(windows, 0, 'look', 1000, 0)).toEqual({ count: 0, resetAt: 1000 });
  expect(windows.size).toBe(0);
  await countAt(windows, 0, 'key', 1000, 3);
  await windows.reset('key');
  expect((await countAt(windows, 1, 'key', 1000, 0)).count).toBe(0);
});

test('holds at most its cap: ended windows go first, then the least recently counted', async () => {
  const windows = new FileWindows(clock, 3);
  await countAt(windows, 0, 'old', 10, 1);
  await countAt(windows, 0, 'a', 1000, 1);
  await countAt(windows, 0, 'b', 1000, 1);
  await countAt(windows, 20, 'c', 1000, 1); // over the cap: "old" has ended and goes
  expect(windows.size).toBe(3);
  await countAt(windows, 30, 'a', 1000, 1); // "a" used again, so "b" is now the least recent
  await countAt(windows, 40, 'd', 1000, 1);
  expect(windows.size).toBe(3);
  expect((await countAt(windows, 50, 'b', 1000, 0)).count).toBe(0);
  expect((await countAt(windows, 50, 'a', 1000, 0)).count).toBe(2);
});
