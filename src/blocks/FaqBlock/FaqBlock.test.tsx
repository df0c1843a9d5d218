import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { FaqBlock } from './FaqBlock';

const faq = {
  type: 'faq' as const,
  heading: 'Questions',
  items: [
    { question: 'Do you charge a fee?', answer: 'Only when the loan is sanctioned.' },
    { question: 'How long does it take?', answer: 'Usually two to four weeks.' },
    { question: 'Which banks do you work with?', answer: 'Nationalised, private and non-bank lenders.' },
  ],
};

describe('FaqBlock', () => {
  test('shows the heading and every question as a button inside a heading', () => {
    renderBlock(<FaqBlock block={faq} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Questions' })).toBeVisible();
    for (const item of faq.items) {
      const button = screen.getByRole('button', { name: item.question });
      expect(button.closest('h3')).not.toBeNull();
    }
  });

  test('opens the first answer only, and ties each button to its answer', () => {
    renderBlock(<FaqBlock block={faq} />);
    faq.items.forEach((item, index) => {
      const button = screen.getByRole('button', { name: item.question });
      const answer = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect(answer.textContent).toBe(item.answer);
      expect(button.getAttribute('aria-expanded')).toBe(index === 0 ? 'true' : 'false');
      expect(answer.hidden).toBe(index !== 0);
    });
  });

  test('every answer opens and closes on its own, by click and by keyboard', async () => {
    const user = userEvent.setup();
    renderBlock(<FaqBlock block={faq} />);
    const first = screen.getByRole('button', { name: faq.items[0]!.question });
    const second = screen.getByRole('button', { name: faq.items[1]!.question });

    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');

    second.focus();
    await user.keyboard('{Enter}');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(faq.items[1]!.answer)).toBeVisible();
    await user.keyboard(' ');
    expect(second.getAttribute('aria-expanded')).toBe('false');
  });

  test('falls back to a standard heading when the page gives none', () => {
    renderBlock(<FaqBlock block={{ ...faq, heading: undefined }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' })).toBeVisible();
  });
});
