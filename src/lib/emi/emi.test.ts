import { describe, expect, test } from 'vitest';
import { formatPaise, formatRupees } from '../formatRupees';
import { calculateEmi, yearlySchedule, type EmiInputs } from './emi';
import { EMI_DEFAULTS, EMI_LIMITS } from './emiLimits';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Repays the loan month by month with the given EMI and returns what is left: 0 if the EMI is right. */
function balanceAfterAllPayments({ amount, years, rate }: EmiInputs, emi: number): number {
  let balance = amount;
  for (let month = 0; month < years * 12; month++) balance = balance * (1 + rate / 1200) - emi;
  return balance;
}

const { amount, years, rate } = EMI_LIMITS;
const EXTREMES: EmiInputs[] = [
  { amount: amount.min, years: years.min, rate: rate.min },
  { amount: amount.min, years: years.max, rate: rate.max },
  { amount: amount.max, years: years.min, rate: rate.min },
  { amount: amount.max, years: years.max, rate: rate.max },
  { amount: amount.max, years: years.max, rate: rate.min },
  { amount: amount.min, years: years.min, rate: rate.max },
  EMI_DEFAULTS,
];

describe('calculateEmi', () => {
  test("the brief's defaults: 25,00,000 over 30 years at 8.95%", () => {
    const result = calculateEmi(EMI_DEFAULTS);
    expect(formatRupees(result.emi)).toBe('₹20,025.69');
    expect(formatRupees(result.totalInterest)).toBe('₹47,09,248.20');
    expect(formatRupees(result.totalPayable)).toBe('₹72,09,248.20');
  });

  test('the smallest loan at the lowest rate for one year', () => {
    const result = calculateEmi({ amount: 100_000, years: 1, rate: 0.5 });
    expect(round2(result.emi)).toBe(8355.92);
    expect(round2(result.totalInterest)).toBe(271.04);
  });

  test.each(EXTREMES)('%o: the EMI repays the loan exactly, and the totals follow from the unrounded EMI', (inputs) => {
    const result = calculateEmi(inputs);
    expect(Math.abs(balanceAfterAllPayments(inputs, result.emi))).toBeLessThan(0.005);
    expect(result.months).toBe(inputs.years * 12);
    expect(result.totalPayable).toBeCloseTo(result.emi * inputs.years * 12, 6);
    expect(result.totalInterest).toBeCloseTo(result.totalPayable - inputs.amount, 6);
    expect(result.emi).toBeGreaterThan(inputs.amount / result.months);
    expect(Number.isFinite(result.emi)).toBe(true);
  });

  test('a higher rate or a shorter tenure always costs more a month', () => {
    expect(calculateEmi({ ...EMI_DEFAULTS, rate: 9 }).emi).toBeGreaterThan(calculateEmi(EMI_DEFAULTS).emi);
    expect(calculateEmi({ ...EMI_DEFAULTS, years: 29 }).emi).toBeGreaterThan(calculateEmi(EMI_DEFAULTS).emi);
  });
});

describe('yearlySchedule', () => {
  test.each(EXTREMES)('%o: principal sums to the loan to the paisa, and the last balance is 0.00', (inputs) => {
    const rows = yearlySchedule(inputs);
    expect(rows).toHaveLength(inputs.years);
    expect(rows.reduce((sum, row) => sum + row.principalPaise, 0)).toBe(inputs.amount * 100);
    expect(rows.at(-1)!.closingBalancePaise).toBe(0);
    expect(formatPaise(rows.at(-1)!.closingBalancePaise)).toBe('₹0.00');
    // The interest column adds up to the total interest shown above the table.
    const totalInterestPaise = Math.round(calculateEmi(inputs).totalPayable * 100) - inputs.amount * 100;
    expect(rows.reduce((sum, row) => sum + row.interestPaise, 0)).toBe(totalInterestPaise);
    for (const row of rows) {
      expect(row.principalPaise).toBeGreaterThan(0);
      expect(row.interestPaise).toBeGreaterThanOrEqual(0);
    }
  });

  test('balances only go down, and each year repays more principal than the one before', () => {
    const rows = yearlySchedule(EMI_DEFAULTS);
    for (let index = 1; index < rows.length; index++) {
      expect(rows[index]!.closingBalancePaise).toBeLessThan(rows[index - 1]!.closingBalancePaise);
      expect(rows[index]!.principalPaise).toBeGreaterThan(rows[index - 1]!.principalPaise);
    }
  });
});

describe('rupee formatting', () => {
  test.each([
    [0, '₹0.00'],
    [999.5, '₹999.50'],
    [100000, '₹1,00,000.00'],
    [2500000, '₹25,00,000.00'],
    [7209248.2, '₹72,09,248.20'],
    [100000000, '₹10,00,00,000.00'],
    [355199847.76, '₹35,51,99,847.76'],
  ])('%d → %s (lakh and crore grouping)', (value, text) => {
    expect(formatRupees(value)).toBe(text);
  });
});
