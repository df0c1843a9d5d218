import { describe, expect, test } from 'vitest';
import { formatPaise, formatRupees, formatWholeRupees } from './formatRupees';

const intlRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const intlWholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Amounts at every length from paise to thousands of crores, halves that round either way, and signs. */
function amounts(): number[] {
  const values = [
    0,
    -0,
    0.004,
    0.005,
    0.015,
    1.005,
    2.675,
    0.5,
    1.5,
    2.5,
    999.995,
    999.5,
    99999.999,
    -0.004,
    -1234.5,
    -1234567.891,
    NaN,
    Infinity,
    -Infinity,
    1e21,
    123456789012345680000,
    1e-7,
  ];
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  for (let digits = 1; digits <= 15; digits++) {
    for (let n = 0; n < 40; n++) values.push(Math.floor(random() * 10 ** digits) + Math.round(random() * 1000) / 1000);
  }
  return values;
}

describe('formatRupees', () => {
  test('writes lakh and crore as Indian readers expect', () => {
    expect(formatRupees(7209248.2)).toBe('₹72,09,248.20');
    expect(formatWholeRupees(2500000)).toBe('₹25,00,000');
    expect(formatWholeRupees(120000000)).toBe('₹12,00,00,000');
    expect(formatRupees(999)).toBe('₹999.00');
    expect(formatPaise(123456)).toBe('₹1,234.56');
  });

  test('agrees with Intl.NumberFormat (en-IN, INR) on every amount, rounding and sign included', () => {
    for (const amount of amounts()) {
      expect(formatRupees(amount), String(amount)).toBe(intlRupees.format(amount));
      expect(formatWholeRupees(amount), String(amount)).toBe(intlWholeRupees.format(amount));
      expect(formatPaise(amount * 100), String(amount)).toBe(intlRupees.format((amount * 100) / 100));
    }
  });
});
