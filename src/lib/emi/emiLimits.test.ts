import { describe, expect, test } from 'vitest';
import { EMI_DEFAULTS, inputsFromQuery, parseEmiField } from './emiLimits';

describe('parseEmiField', () => {
  test.each([
    ['amount', '2500000', 2500000],
    ['amount', '25,00,000', 2500000],
    ['amount', '₹ 1,00,000', 100000],
    ['amount', '100000000', 100000000],
    ['years', '1', 1],
    ['years', '30', 30],
    ['rate', '0.5', 0.5],
    ['rate', '8.95', 8.95],
    ['rate', '15', 15],
  ] as const)('%s "%s" is accepted as %d', (field, raw, value) => {
    expect(parseEmiField(field, raw)).toEqual({ ok: true, value });
  });

  test.each([
    ['amount', '99999', 100000],
    ['amount', '100000001', 100000000],
    ['years', '0', 1],
    ['years', '31', 30],
    ['years', '2.5', 3],
    ['rate', '0.49', 0.5],
    ['rate', '15.01', 15],
    ['rate', '8.955', 8.96],
  ] as const)('%s "%s" is refused with the range, and would be clamped to %d', (field, raw, clamped) => {
    const parsed = parseEmiField(field, raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.clamped).toBe(clamped);
      expect(parsed.message).toMatch(/from .* to /);
    }
  });

  test.each([
    ['amount', ''],
    ['amount', 'abc'],
    ['amount', '-500000'],
    ['amount', '1e7'],
    ['years', 'ten'],
    ['rate', 'NaN'],
    ['rate', 'Infinity'],
    ['rate', '8,95'.replace(',', '..')],
  ] as const)('%s "%s" is not a number: refused, with nothing to clamp to', (field, raw) => {
    const parsed = parseEmiField(field, raw);
    expect(parsed).toMatchObject({ ok: false });
    expect(parsed).not.toHaveProperty('clamped');
  });

  test('the messages name the allowed range in rupees, years and percent', () => {
    expect(parseEmiField('amount', 'x')).toMatchObject({ message: 'Enter a loan amount from ₹1,00,000 to ₹10,00,00,000' });
    expect(parseEmiField('years', 'x')).toMatchObject({ message: 'Enter a tenure from 1 to 30 years, in whole years' });
    expect(parseEmiField('rate', 'x')).toMatchObject({ message: 'Enter an interest rate from 0.5% to 15%, with at most 2 decimals' });
  });
});

describe('inputsFromQuery', () => {
  test('a shared link sets all three inputs', () => {
    expect(inputsFromQuery(new URLSearchParams('amount=3700000&years=17&rate=7.25'), EMI_DEFAULTS)).toEqual({
      amount: 3700000,
      years: 17,
      rate: 7.25,
    });
  });

  test('hostile or out-of-range values fall back to the defaults, one by one', () => {
    const query = new URLSearchParams({ amount: '<script>alert(1)</script>', years: '500', rate: '7.5' });
    expect(inputsFromQuery(query, EMI_DEFAULTS)).toEqual({ amount: EMI_DEFAULTS.amount, years: EMI_DEFAULTS.years, rate: 7.5 });
    expect(inputsFromQuery(new URLSearchParams({ amount: '9'.repeat(400) }), EMI_DEFAULTS)).toEqual(EMI_DEFAULTS);
    expect(inputsFromQuery(new URLSearchParams(), { amount: 500000, years: 5, rate: 11.5 })).toEqual({
      amount: 500000,
      years: 5,
      rate: 11.5,
    });
  });
});
