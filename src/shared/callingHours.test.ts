import { describe, expect, test } from 'vitest';
import { indiaClockTime, outsideCallingHours } from './callingHours';

/** A moment at a given India time on 26 November 2026 (India is UTC+05:30 all year). */
const india = (time: string) => Date.parse(`2026-11-26T${time}:00+05:30`);
const HOURS = { from: '09:30', to: '18:00' };

describe('calling hours, 09:30 to 18:00 in India (as _desk.yaml sets them)', () => {
  test.each([
    ['09:29', true],
    ['09:30', false],
    ['13:00', false],
    ['18:00', false],
    ['18:01', true],
    ['23:45', true],
    ['00:10', true],
  ])('at %s India time, outside is %s', (time, outside) => {
    expect(indiaClockTime(india(time))).toBe(time);
    expect(outsideCallingHours(india(time), HOURS)).toBe(outside);
  });

  test('goes by India time whatever the moment is written in: 14:45 UTC is 20:15 in India', () => {
    expect(indiaClockTime('2026-11-26T14:45:00.000Z')).toBe('20:15');
    expect(outsideCallingHours('2026-11-26T14:45:00.000Z', HOURS)).toBe(true);
    expect(outsideCallingHours('2026-11-26T05:30:00.000Z', HOURS)).toBe(false);
  });
});
