import { expect, test } from 'vitest';
import { addDays, formatIndiaTime, indiaDate, mondayOf } from './indiaTime';

test('the day in India, not on the server: 20:00 UTC is already the next morning in India', () => {
  expect(indiaDate('2026-11-22T20:00:00Z')).toBe('2026-11-23');
  expect(indiaDate('2026-11-22T18:29:59Z')).toBe('2026-11-22');
});

test('weeks start on Monday', () => {
  expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // a Sunday
  expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  expect(mondayOf('2026-03-01')).toBe('2026-02-23');
});

test('days move across months and years', () => {
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
});

test('a time as staff read it, in India time', () => {
  expect(formatIndiaTime('2026-11-22T02:41:00Z')).toBe('22 Nov 2026, 8:11 am');
  expect(formatIndiaTime('not a date')).toBe('not a date');
});
