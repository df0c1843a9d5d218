import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import EnquiryFormBlock from './EnquiryFormBlock';

describe('EnquiryFormBlock', () => {
  test("the contact form has SPEC's fields, the phone as a telephone input and the enquiry as a select with a disabled placeholder", () => {
    renderBlock(<EnquiryFormBlock block={{ type: 'enquiry-form', form: 'contact', heading: 'Send an enquiry' }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Send an enquiry' })).toBeTruthy();
    expect(screen.getByLabelText('Full name')).toBeTruthy();
    expect(screen.getByLabelText('Mobile number').getAttribute('type')).toBe('tel');
    expect(screen.getByLabelText('Email address (optional)').getAttribute('type')).toBe('email');
    const select = screen.getByLabelText<HTMLSelectElement>('What is your enquiry about?');
    expect([...select.options].map((option) => [option.textContent, option.disabled])).toEqual([
      ['Select an option', true],
      ['General Enquiry', false],
      ['Existing Business Expansion', false],
      ['New StartUp', false],
      ['Other', false],
    ]);
  });

  test('submitting it empty shows the error summary, focused, and a message tied to each required field', async () => {
    const user = userEvent.setup();
    renderBlock(<EnquiryFormBlock block={{ type: 'enquiry-form', form: 'about' }} />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!;
    expect(document.activeElement).toBe(summary);
    for (const [label, message] of [
      ['Full name', 'Enter your name'],
      ['Address', 'Enter your address'],
      ['Phone number', 'Enter your mobile number'],
    ]) {
      const field = screen.getByLabelText(label!);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const described = field
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)!.textContent)
        .join(' ');
      expect(described).toContain(message);
    }
  });
});
