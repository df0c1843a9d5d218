import { describe, expect, test } from 'vitest';
import { blockWordsIn } from '../../content/blockWords';
import { formatOpeningHours as formatWith } from './formatOpeningHours';

type Day = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';
const english = blockWordsIn('en').blocks;
const formatOpeningHours = (hours: Parameters<typeof formatWith>[0]) => formatWith(hours, english);
const hours = (days: Day[], opens: string, closes: string) => ({ days, opens, closes });

describe('formatOpeningHours', () => {
  test('writes a run of consecutive days as a range, with 12-hour times', () => {
    const weekdays: Day[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    expect(formatOpeningHours(hours(weekdays, '10:00', '18:30'))).toBe('Monday to Saturday, 10:00 am to 6:30 pm');
  });

  test('puts the days in week order, whatever order the site file lists them in', () => {
    expect(formatOpeningHours(hours(['Friday', 'Monday', 'Wednesday', 'Tuesday', 'Thursday'], '09:30', '17:00'))).toBe(
      'Monday to Friday, 9:30 am to 5:00 pm',
    );
  });

  test('lists days that are not consecutive one by one', () => {
    expect(formatOpeningHours(hours(['Monday', 'Wednesday', 'Friday'], '10:00', '14:00'))).toBe(
      'Monday, Wednesday, Friday, 10:00 am to 2:00 pm',
    );
  });

  test('shows a single day on its own', () => {
    expect(formatOpeningHours(hours(['Sunday'], '10:00', '13:00'))).toBe('Sunday, 10:00 am to 1:00 pm');
  });

  test('writes noon as 12 pm and midnight as 12 am', () => {
    expect(formatOpeningHours(hours(['Saturday'], '00:00', '12:00'))).toBe('Saturday, 12:00 am to 12:00 pm');
  });

  test('keeps the minutes and drops the leading zero of the hour', () => {
    expect(formatOpeningHours(hours(['Monday'], '08:05', '23:59'))).toBe('Monday, 8:05 am to 11:59 pm');
  });
});
