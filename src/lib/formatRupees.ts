const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** ₹72,09,248.20: Indian digit grouping (lakh and crore), two decimals. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

export function formatPaise(paise: number): string {
  return rupees.format(paise / 100);
}

/** ₹25,00,000: for limits and slider values, where paise are noise. */
export function formatWholeRupees(amount: number): string {
  return wholeRupees.format(amount);
}
