import { describe, expect, test } from 'vitest';
import { formatIsoDate } from './formatDate';

describe('formatIsoDate', () => {
  test('writes an ISO date as day, month name and year', () => {
    expect(formatIsoDate('2026-11-22')).toBe('22 November 2026');
  });

  test('names every month correctly, from January to December', () => {
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    months.forEach((month, index) => {
      const mm = String(index + 1).padStart(2, '0');
      expect(formatIsoDate(`2025-${mm}-15`)).toBe(`15 ${month} 2025`);
    });
  });

  test('drops the leading zero of the day', () => {
    expect(formatIsoDate('2025-01-05')).toBe('5 January 2025');
  });

  test('keeps the calendar day whatever the time zone (no shift to the day before)', () => {
    expect(formatIsoDate('2024-03-01')).toBe('1 March 2024');
    expect(formatIsoDate('2024-01-01')).toBe('1 January 2024');
    expect(formatIsoDate('2024-12-31')).toBe('31 December 2024');
  });

  test('handles a leap day', () => {
    expect(formatIsoDate('2024-02-29')).toBe('29 February 2024');
  });
});
