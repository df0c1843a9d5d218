import { formatWholeRupees } from '../formatRupees';
import type { EmiInputs } from './emi';

/** The limits of the three inputs, from the firm's brief, shared by the number boxes and the sliders. */
export const EMI_LIMITS = {
  amount: { min: 100_000, max: 100_000_000, step: 100_000 },
  years: { min: 1, max: 30, step: 1 },
  rate: { min: 0.5, max: 15, step: 0.01 },
} as const satisfies Record<keyof EmiInputs, { min: number; max: number; step: number }>;

/** The calculator opens at ₹25,00,000 over 30 years at 8.95% a year, as the firm's brief sets. */
export const EMI_DEFAULTS: EmiInputs = { amount: 2_500_000, years: 30, rate: 8.95 };

export type EmiField = keyof EmiInputs;

/** The words of the range messages, in the page's language; {min} and {max} are filled in here. */
export type RangeWords = Record<EmiField, string>;

const ENGLISH_RANGES: RangeWords = {
  amount: 'Enter a loan amount from {min} to {max}',
  years: 'Enter a tenure from {min} to {max} years, in whole years',
  rate: 'Enter an interest rate from {min}% to {max}%, with at most 2 decimals',
};

/** What a box accepts, in words: the amount's limits as rupees (₹1,00,000), the others as plain numbers. */
export function rangeMessage(field: EmiField, words: RangeWords = ENGLISH_RANGES): string {
  const { min, max } = EMI_LIMITS[field];
  const show = field === 'amount' ? formatWholeRupees : String;
  return words[field].replace('{min}', show(min)).replace('{max}', show(max));
}

export type ParsedField = { ok: true; value: number } | { ok: false; message: string; clamped?: number };

/**
 * Reads what a visitor typed into one box. Commas, spaces and the rupee sign are
 * allowed ("25,00,000"). Anything else that is not a number in range is refused with
 * the range, and an out-of-range number also says what it would be clamped to.
 */
export function parseEmiField(field: EmiField, raw: string, words?: RangeWords): ParsedField {
  const { min, max } = EMI_LIMITS[field];
  const cleaned = raw.replace(/[,\s₹%]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return { ok: false, message: rangeMessage(field, words) };
  const value = Number(cleaned);
  const wellFormed = field === 'rate' ? /^\d+(\.\d{1,2})?$/.test(cleaned) : Number.isInteger(value);
  if (value < min || value > max) return { ok: false, message: rangeMessage(field, words), clamped: Math.min(max, Math.max(min, value)) };
  if (!wellFormed)
    return {
      ok: false,
      message: rangeMessage(field, words),
      clamped: field === 'rate' ? Math.round(value * 100) / 100 : Math.round(value),
    };
  return { ok: true, value };
}

/** The inputs a shared link asks for; anything missing, hostile or out of range falls back to the defaults. */
export function inputsFromQuery(query: URLSearchParams, defaults: EmiInputs): EmiInputs {
  const read = (field: EmiField): number => {
    const raw = query.get(field);
    if (raw === null || raw.length > 20) return defaults[field];
    const parsed = parseEmiField(field, raw);
    return parsed.ok ? parsed.value : defaults[field];
  };
  return { amount: read('amount'), years: read('years'), rate: read('rate') };
}
