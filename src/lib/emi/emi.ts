/**
 * EMI arithmetic on the reducing-balance method, with no UI in it.
 * Monthly rate = annual rate / 12 / 100; months = 12 × years.
 * Totals come from the unrounded EMI; rounding happens only for display.
 */

export interface EmiInputs {
  amount: number;
  years: number;
  rate: number;
}

export interface EmiResult {
  emi: number;
  totalPayable: number;
  totalInterest: number;
  months: number;
}

export interface ScheduleYear {
  year: number;
  /** Amounts in paise, so each column adds up exactly. */
  principalPaise: number;
  interestPaise: number;
  closingBalancePaise: number;
}

export function monthlyEmi({ amount, years, rate }: EmiInputs): number {
  const months = years * 12;
  const monthlyRate = rate / 12 / 100;
  if (monthlyRate === 0) return amount / months;
  const growth = (1 + monthlyRate) ** months;
  return (amount * monthlyRate * growth) / (growth - 1);
}

export function calculateEmi(inputs: EmiInputs): EmiResult {
  const months = inputs.years * 12;
  const emi = monthlyEmi(inputs);
  const totalPayable = emi * months;
  return { emi, totalPayable, totalInterest: totalPayable - inputs.amount, months };
}

/**
 * The year-by-year amortisation schedule. Balances and cumulative payments are rounded
 * to the paisa at each year end and the yearly figures are their differences, so the
 * principal column sums to the loan exactly, the last balance is 0.00, and the interest
 * column sums to the total interest shown above the table.
 */
export function yearlySchedule(inputs: EmiInputs): ScheduleYear[] {
  const { emi, months } = calculateEmi(inputs);
  const monthlyRate = inputs.rate / 12 / 100;
  const amountPaise = Math.round(inputs.amount * 100);
  const rows: ScheduleYear[] = [];
  let balance = inputs.amount;
  let previousClosing = amountPaise;
  let previousPaid = 0;
  for (let month = 1; month <= months; month++) {
    balance -= emi - balance * monthlyRate;
    if (month % 12 !== 0) continue;
    const closing = month === months ? 0 : Math.max(0, Math.round(balance * 100));
    const paid = Math.round(emi * month * 100);
    const principalPaise = previousClosing - closing;
    rows.push({ year: month / 12, principalPaise, interestPaise: paid - previousPaid - principalPaise, closingBalancePaise: closing });
    previousClosing = closing;
    previousPaid = paid;
  }
  return rows;
}
