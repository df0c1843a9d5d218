import { expect, test } from 'vitest';
import { isoMs } from './isoMs';

test('reads every stored time as Date.parse does, leap days and centuries included, and leaves other text to it', () => {
  let seed = 11;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647);
  const moments = [Date.UTC(2000, 1, 29), Date.UTC(2100, 2, 1) - 1, Date.UTC(1970, 0, 1), Date.UTC(2024, 1, 29, 23, 59, 59, 999)];
  for (let run = 0; run < 20_000; run++) moments.push(Date.UTC(1990, 0, 1) + next() * 700 + (next() % 1000));
  for (const moment of moments) {
    const text = new Date(moment).toISOString();
    expect(isoMs(text), text).toBe(moment);
  }
  for (const other of ['2026-11-24T11:00:00+05:30', '2026-11-24', 'not a time']) expect(isoMs(other)).toEqual(Date.parse(other));
});
