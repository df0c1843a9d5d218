import type { Site } from '../../content/site.generated';

type Hours = NonNullable<Site['openingHours']>[number];

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

function twelveHour(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "Monday to Saturday, 10:00 am to 6:30 pm": consecutive days become a range. */
export function formatOpeningHours(hours: Hours): string {
  const sorted = [...hours.days].sort((a, b) => WEEK.indexOf(a) - WEEK.indexOf(b));
  const consecutive = sorted.every((day, index) => index === 0 || WEEK.indexOf(day) === WEEK.indexOf(sorted[index - 1]!) + 1);
  const days = sorted.length > 2 && consecutive ? `${sorted[0]} to ${sorted[sorted.length - 1]}` : sorted.join(', ');
  return `${days}, ${twelveHour(hours.opens)} to ${twelveHour(hours.closes)}`;
}
