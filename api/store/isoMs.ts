/** The digits of `text` from `from` to `to` as a number. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let place = from; place < to; place++) value = value * 10 + text.charCodeAt(place) - 48;
  return value;
}

const T = 84;
const Z = 90;

/**
 * Date.parse for the times the stores write (toISOString: 2026-11-24T05:30:00.000Z), by arithmetic,
 * a fifth of its cost: a report reading 1,00,000 enquiries' times spent most of its time in
 * Date.parse. Any other text goes to Date.parse. The days are counted as in Howard Hinnant's
 * days_from_civil (the year taken to start in March, so the leap day comes last).
 */
export function isoMs(text: string): number {
  if (text.length !== 24 || text.charCodeAt(10) !== T || text.charCodeAt(23) !== Z) return Date.parse(text);
  const month = digits(text, 5, 7);
  const year = digits(text, 0, 4) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + digits(text, 8, 10) - 1;
  const days = era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
  return (
    days * 86_400_000 +
    digits(text, 11, 13) * 3_600_000 +
    digits(text, 14, 16) * 60_000 +
    digits(text, 17, 19) * 1000 +
    digits(text, 20, 23)
  );
}
