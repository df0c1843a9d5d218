import { describe, expect, test } from 'vitest';
import { addWorkingMinutes, workingDayOf, workingMinutesBetween, type WorkingHours } from './workingTime';

/** Monday to Saturday, 09:30 to 18:30 India time. */
const HOURS: WorkingHours = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:30', closes: '18:30' },
];
const at = (india: string) => Date.parse(`${india}+05:30`);
const iso = (ms: number) => new Date(ms).toISOString();

describe('the first-response clock counts working time only (India time)', () => {
  test('within a working day it is plain minutes', () => {
    // Thursday 26 November 2026, 10:00.
    expect(iso(addWorkingMinutes(at('2026-11-26T10:00'), 60, HOURS))).toBe(iso(at('2026-11-26T11:00')));
    expect(workingMinutesBetween(at('2026-11-26T10:00'), at('2026-11-26T11:15'), HOURS)).toBe(75);
  });

  test('across a night: an enquiry at 18:00 is due at 10:00 the next morning', () => {
    expect(iso(addWorkingMinutes(at('2026-11-26T18:00'), 60, HOURS))).toBe(iso(at('2026-11-27T10:00')));
    // Sent at night, the clock starts when the office opens.
    expect(iso(addWorkingMinutes(at('2026-11-26T23:40'), 60, HOURS))).toBe(iso(at('2026-11-27T10:30')));
    expect(workingMinutesBetween(at('2026-11-26T18:00'), at('2026-11-27T10:00'), HOURS)).toBe(60);
  });

  test('across a Sunday: Saturday 18:15 is due on Monday at 10:15, and Sunday counts nothing', () => {
    expect(iso(addWorkingMinutes(at('2026-11-28T18:15'), 60, HOURS))).toBe(iso(at('2026-11-30T10:15')));
    expect(iso(addWorkingMinutes(at('2026-11-29T12:00'), 60, HOURS))).toBe(iso(at('2026-11-30T10:30')));
    expect(workingMinutesBetween(at('2026-11-29T00:00'), at('2026-11-29T23:59'), HOURS)).toBe(0);
    expect(workingMinutesBetween(at('2026-11-28T18:15'), at('2026-11-30T10:15'), HOURS)).toBe(60);
  });

  test('a target longer than a day runs over several working days; hours with no time never end', () => {
    // Nine working hours a day: 600 minutes from Friday 09:30 are 540 on Friday and 60 on Saturday.
    expect(iso(addWorkingMinutes(at('2026-11-27T09:30'), 600, HOURS))).toBe(iso(at('2026-11-28T10:30')));
    expect(addWorkingMinutes(at('2026-11-27T09:30'), 60, [])).toBe(Infinity);
    expect(addWorkingMinutes(at('2026-11-27T09:30'), 60, [{ ...HOURS[0]!, closes: '09:30' }])).toBe(Infinity);
    expect(workingMinutesBetween(at('2026-11-27T12:00'), at('2026-11-27T11:00'), HOURS)).toBe(0);
  });
});

describe('the working day of the daily list', () => {
  const day = (india: string, hours: WorkingHours | undefined = HOURS) => {
    const { opensAt, previousOpening } = workingDayOf(at(india), hours);
    return { opensAt: opensAt === undefined ? undefined : iso(opensAt), previousOpening: iso(previousOpening) };
  };

  test('a working day opens at its hours, before or after that moment, and the day before is the last working one', () => {
    // Tuesday 1 December 2026: before the office opens, and in the afternoon, the day is the same.
    const tuesday = { opensAt: iso(at('2026-12-01T09:30')), previousOpening: iso(at('2026-11-30T09:30')) };
    expect(day('2026-12-01T07:00')).toEqual(tuesday);
    expect(day('2026-12-01T15:00')).toEqual(tuesday);
  });

  test('across a Sunday: Monday follows Saturday, and Sunday is no working day', () => {
    expect(day('2026-11-30T09:30')).toEqual({ opensAt: iso(at('2026-11-30T09:30')), previousOpening: iso(at('2026-11-28T09:30')) });
    expect(day('2026-11-29T11:00')).toEqual({ opensAt: undefined, previousOpening: iso(at('2026-11-28T09:30')) });
  });

  test('a firm open one day a week looks back a week; without working hours every day counts from midnight', () => {
    expect(day('2026-11-30T10:00', [{ ...HOURS[0]!, days: ['Monday'] }]).previousOpening).toBe(iso(at('2026-11-23T09:30')));
    expect(workingDayOf(at('2026-11-29T11:00'), undefined)).toEqual({
      opensAt: at('2026-11-29T00:00'),
      closesAt: at('2026-11-30T00:00'),
      previousOpening: at('2026-11-28T00:00'),
    });
  });

  test('a day with hours of its own (Saturday until 14:00) opens and closes at them', () => {
    const halfSaturday: WorkingHours = [
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:30', closes: '18:30' },
      { days: ['Saturday'], opens: '10:00', closes: '14:00' },
    ];
    expect(workingDayOf(at('2026-11-28T12:00'), halfSaturday)).toMatchObject({
      opensAt: at('2026-11-28T10:00'),
      closesAt: at('2026-11-28T14:00'),
    });
    expect(workingDayOf(at('2026-11-30T12:00'), halfSaturday).previousOpening).toBe(at('2026-11-28T10:00'));
    expect(iso(addWorkingMinutes(at('2026-11-28T13:30'), 60, halfSaturday))).toBe(iso(at('2026-11-30T10:00')));
  });
});

describe('working time as arithmetic agrees with the walk through the days', () => {
  test('the minutes between a moment and its target are the target, for moments all through the week and hours of every shape', () => {
    const shapes: WorkingHours[] = [
      HOURS,
      [{ days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '00:00', closes: '24:00' }],
      [{ days: ['Sunday', 'Wednesday'], opens: '10:00', closes: '13:45' }],
      [{ days: ['Monday'], opens: '09:00', closes: '09:00' }],
      // A Saturday that closes early, and a Friday listed twice: the first entry that lists a day gives its hours.
      [
        { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '10:00', closes: '18:30' },
        { days: ['Friday', 'Saturday'], opens: '09:00', closes: '14:00' },
      ],
    ];
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (const hours of shapes)
      for (let run = 0; run < 400; run++) {
        const start = at('2026-01-01T00:00') + (next() % (400 * 86_400)) * 1000 + (next() % 1000);
        const minutes = next() % 5000;
        const due = addWorkingMinutes(start, minutes, hours);
        if (due === Infinity) expect(workingMinutesBetween(start, start + 30 * 86_400_000, hours)).toBe(0);
        else expect(workingMinutesBetween(start, due, hours), `${iso(start)} + ${minutes}`).toBe(minutes);
      }
  });
});
