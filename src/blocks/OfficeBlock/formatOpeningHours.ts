import type { Site } from '../../content/site.generated';
import type { InterfaceWords } from '../../shared/languages';
import { fill } from '../../shared/languages';

type Hours = NonNullable<Site['openingHours']>[number];

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The words of opening hours in the page's language. */
export type HoursWords = Pick<InterfaceWords['blocks'], 'openingHours' | 'dayRange' | 'weekdays' | 'am' | 'pm'>;

function twelveHour(time: string, words: HoursWords): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? words.am : words.pm;
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "Monday to Saturday, 10:00 am to 6:30 pm": consecutive days become a range. */
export function formatOpeningHours(hours: Hours, words: HoursWords): string {
  const sorted = [...hours.days].sort((a, b) => WEEK.indexOf(a) - WEEK.indexOf(b));
  const consecutive = sorted.every((day, index) => index === 0 || WEEK.indexOf(day) === WEEK.indexOf(sorted[index - 1]!) + 1);
  const name = (day: (typeof WEEK)[number]) => words.weekdays[WEEK.indexOf(day)]!;
  const days =
    sorted.length > 2 && consecutive
      ? fill(words.dayRange, { first: name(sorted[0]!), last: name(sorted[sorted.length - 1]!) })
      : sorted.map(name).join(', ');
  return fill(words.openingHours, { days, opens: twelveHour(hours.opens, words), closes: twelveHour(hours.closes, words) });
}
