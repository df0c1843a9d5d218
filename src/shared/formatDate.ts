const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "2026-11-22" → "22 November 2026", or in another language with its month names
 * ("22 नोव्हेंबर 2026": Latin digits in every language). Done by hand rather than with Intl so the server's
 * prerendered HTML and the browser's hydration always agree, whatever their locale data.
 */
export function formatIsoDate(isoDate: string, months: readonly string[] = MONTHS): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${months[(month ?? 1) - 1]} ${year}`;
}
