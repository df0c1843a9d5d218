import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { privacyFile } from '../../../tests/helpers/siteData';
import EnquiryFormBlock from './EnquiryFormBlock';

describe('EnquiryFormBlock', () => {
  test.each(['contact', 'about'] as const)(
    'the %s form carries the privacy notice and an unticked consent box labelled with what the visitor agrees to',
    (form) => {
      renderBlock(<EnquiryFormBlock block={{ type: 'enquiry-form', form }} />);
      const notice = screen.getByRole('region', { name: privacyFile.heading });
      for (const paragraph of privacyFile.notice) expect(notice.textContent).toContain(paragraph);
      expect(screen.getByRole('link', { name: 'Read our full privacy notice' }).getAttribute('href')).toBe('/privacy');
      const box = screen.getByRole<HTMLInputElement>('checkbox', { name: privacyFile.consentLabel });
      expect(box.checked).toBe(false);
      expect(box.required).toBe(true);
    },
  );

  test('the request form on /privacy has no consent box, and offers each right as a choice', () => {
    renderBlock(<EnquiryFormBlock block={{ type: 'enquiry-form', form: 'privacy' }} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    const kinds = screen.getByLabelText<HTMLSelectElement>('What would you like us to do?');
    expect([...kinds.options].slice(1).map((option) => option.textContent)).toEqual([
      'Tell me what details you hold about me',
      'Correct or update my details',
      'Erase my details',
      'Withdraw my consent',
      'Complain about how my details were handled',
      'Nominate someone to act for me',
    ]);
  });

  test("the contact form has the brief's fields, the phone as a telephone input and the enquiry as a select with a disabled placeholder", () => {
    renderBlock(<EnquiryFormBlock block={{ type: 'enquiry-form', form: 'contact', heading: 'Send an enquiry' }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Send an enquiry' })).toBeVisible();
    expect(screen.getByLabelText('Full name')).toBeVisible();
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
    // The form's checks arrive as their own small file, so the summary follows a moment later.
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).parentElement!;
    await waitFor(() => expect(document.activeElement).toBe(summary));
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
