import { expect, test } from 'vitest';
import { MemoryWindows } from './memoryWindows';

test('counts in a fixed window that ends at its own time', () => {
  const windows = new MemoryWindows();
  expect(windows.count('ip', 1000, 1, 0)).toEqual({ count: 1, resetAt: 1000 });
  expect(windows.count('ip', 1000, 1, 500)).toEqual({ count: 2, resetAt: 1000 });
  expect(windows.count('ip', 1000, 0, 999)).toEqual({ count: 2, resetAt: 1000 });
  expect(windows.count('ip', 1000, 1, 1000)).toEqual({ count: 1, resetAt: 2000 });
});

test('a short window never ends a long one (enquiries do not clear a login lockout)', () => {
  const windows = new MemoryWindows();
  windows.count('login:owner', 15 * 60_000, 5, 0);
  windows.count('enquiry:1.2.3.4', 10_000, 1, 0);
  expect(windows.count('enquiry:1.2.3.4', 10_000, 1, 20_000).count).toBe(1);
  expect(windows.count('login:owner', 15 * 60_000, 0, 20_000).count).toBe(5);
});

test('looking without adding keeps nothing, and reset forgets a key', () => {
  const windows = new MemoryWindows();
  expect(windows.count('look', 1000, 0, 0)).toEqual({ count: 0, resetAt: 1000 });
  expect(windows.size).toBe(0);
  windows.count('key', 1000, 3, 0);
  windows.reset('key');
  expect(windows.count('key', 1000, 0, 1).count).toBe(0);
});

test('holds at most its cap: ended windows go first, then the least recently counted', () => {
  const windows = new MemoryWindows(3);
  windows.count('old', 10, 1, 0);
  windows.count('a', 1000, 1, 0);
  windows.count('b', 1000, 1, 0);
  windows.count('c', 1000, 1, 20); // over the cap: "old" has ended and goes
  expect(windows.size).toBe(3);
  windows.count('a', 1000, 1, 30); // "a" used again, so "b" is now the least recent
  windows.count('d', 1000, 1, 40);
  expect(windows.size).toBe(3);
  expect(windows.count('b', 1000, 0, 50).count).toBe(0);
  expect(windows.count('a', 1000, 0, 50).count).toBe(2);
});
