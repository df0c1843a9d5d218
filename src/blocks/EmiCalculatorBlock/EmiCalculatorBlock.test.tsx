import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import EmiCalculatorBlock from './EmiCalculatorBlock';

const figures = () => ['emi-monthly', 'emi-interest', 'emi-total'].map((id) => screen.getByTestId(id).textContent);

describe('EmiCalculatorBlock', () => {
  test("starts from the brief's defaults with their exact results", () => {
    renderBlock(<EmiCalculatorBlock block={{ type: 'emi-calculator' }} />);
    expect(figures()).toEqual(['₹20,025.69', '₹47,09,248.20', '₹72,09,248.20']);
  });

  test('every control has a visible label, and each box shares it with its slider', () => {
    renderBlock(<EmiCalculatorBlock block={{ type: 'emi-calculator' }} />);
    for (const label of [/^Loan amount/, /^Tenure/, /^Interest rate/]) {
      expect(screen.getByRole('textbox', { name: label })).toBeVisible();
      expect(screen.getByRole('slider', { name: label })).toBeVisible();
    }
  });

  test("a page's own defaults replace the brief's", () => {
    renderBlock(<EmiCalculatorBlock block={{ type: 'emi-calculator', defaults: { amount: 500000, years: 5, rate: 11.5 } }} />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Loan amount/ }).value).toBe('500000');
    expect(figures()[0]).toBe('₹10,996.30');
  });

  test('a value out of range is explained, marks the box invalid and keeps the last result', () => {
    renderBlock(<EmiCalculatorBlock block={{ type: 'emi-calculator' }} />);
    const tenure = screen.getByRole('textbox', { name: /^Tenure/ });
    fireEvent.change(tenure, { target: { value: '45' } });
    expect(screen.getByText('Enter a tenure from 1 to 30 years, in whole years')).toBeVisible();
    expect(tenure.getAttribute('aria-invalid')).toBe('true');
    expect(figures()[0]).toBe('₹20,025.69');
    fireEvent.blur(tenure);
    expect((tenure as HTMLInputElement).value).toBe('30');
    expect(tenure.getAttribute('aria-invalid')).toBeNull();
  });

  test('says its figures are indicative', () => {
    renderBlock(<EmiCalculatorBlock block={{ type: 'emi-calculator' }} />);
    expect(screen.getByText(/the bank.s sanction letter decides/)).toBeVisible();
  });
});
