/**
 * Rupees written by hand rather than with Intl.NumberFormat: a phone's first Intl formatter loads
 * its locale data for 50–200 ms (measured with 4× CPU slowdown), a long task in the middle of the
 * EMI calculator's hydration. The test beside this file checks every result against Intl itself.
 */
function rupeesWith(decimals: number, amount: number): string {
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e21) {
    // Never an amount a visitor enters (NaN, ∞, beyond 10^21): Intl writes those, slow or not.
    return new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(amount);
  }
  const [whole, fraction] = roundHalfUp(Math.abs(amount), decimals);
  // Indian grouping: the last three digits, then pairs (lakh, crore).
  const grouped = whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}₹${grouped}${decimals > 0 ? `.${fraction}` : ''}`;
}

/**
 * Rounds the shortest decimal that reads back as the number, as Intl does (0.015 → 0.02, where
 * toFixed, rounding the binary value 0.01499…, gives 0.01). Below 10^21 only amounts that
 * round to zero print with an exponent.
 */
function roundHalfUp(amount: number, decimals: number): [string, string] {
  const [whole = '0', fraction = ''] = (amount < 1e-6 ? '0' : String(amount)).split('.');
  const digits = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals)) + ((fraction[decimals] ?? '0') >= '5' ? 1n : 0n);
  const text = digits.toString().padStart(decimals + 1, '0');
  return [text.slice(0, text.length - decimals), text.slice(text.length - decimals)];
}

/** ₹72,09,248.20: Indian digit grouping (lakh and crore), two decimals. */
export function formatRupees(amount: number): string {
  return rupeesWith(2, amount);
}

export function formatPaise(paise: number): string {
  return rupeesWith(2, paise / 100);
}

/** ₹25,00,000: for limits and slider values, where paise are noise. */
export function formatWholeRupees(amount: number): string {
  return rupeesWith(0, amount);
}
