import { expect, test } from 'vitest';
import { afterFailure, GIVE_UP_AFTER_MS } from './retryPolicy';

const created = '2026-11-22T00:00:00.000Z';
const start = Date.parse(created);

test('retries after the base delay, doubling each time, at most an hour apart', () => {
  const delays = [1, 2, 3, 4, 8, 12].map((attempt) => afterFailure(attempt, created, 'down', start, 30_000).nextAttemptAt - start);
  expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  expect(afterFailure(1, created, 'down', start, 30_000)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'down' });
});

test('gives up once the next try would come more than a day after the enquiry', () => {
  const late = start + GIVE_UP_AFTER_MS - 10 * 60_000;
  expect(afterFailure(20, created, 'still down', late, 30_000)).toEqual({
    status: 'failed',
    attempts: 20,
    nextAttemptAt: late,
    lastError: 'still down',
  });
});
