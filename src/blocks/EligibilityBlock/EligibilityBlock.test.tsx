import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { Page } from '../../content/page.generated';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { fixtureFile } from '../../../tests/helpers/siteData';
import EligibilityBlock from './EligibilityBlock';

// The MUDRA checker of the test site (tests/helpers/site/mudra.yaml); the real checkers' answers are held to the schemes' rules in tests/content/schemes.test.ts.
const mudra = fixtureFile<Page>('mudra.yaml').blocks.find((block) => block.type === 'eligibility') as BlockOf<'eligibility'>;

/** A checker of three yes/no questions that share one message, as a scheme's questions about who applies often do. */
const groups: BlockOf<'eligibility'> = {
  type: 'eligibility',
  heading: 'Check Your Eligibility',
  questions: [
    { id: 'woman', label: 'Are you a woman?', kind: 'yes-no', error: 'Choose yes or no' },
    { id: 'exServiceman', label: 'Are you an ex-serviceman?', kind: 'yes-no', error: 'Choose yes or no' },
    { id: 'disabled', label: 'Do you have a disability?', kind: 'yes-no', error: 'Choose yes or no' },
  ],
  rules: [{ require: "woman == 'yes' or exServiceman == 'yes' or disabled == 'yes'", reason: 'The scheme is for these groups only.' }],
  results: [],
  documents: ['Proof of identity'],
  source: { title: 'A scheme', publisher: 'A department', url: 'https://example.in', checked: '2026-11-22' },
  disclaimer: 'This is a guide, not a decision.',
  advisor: { enquiry: 'General Enquiry' },
};

describe('EligibilityBlock', () => {
  test('a number is a labelled box, and a yes/no question is a fieldset of radios with the question as its legend', () => {
    renderBlock(<EligibilityBlock block={mudra} />, { route: '/mudra' });
    expect(screen.getByLabelText('How much do you need to borrow?').getAttribute('inputmode')).toBe('numeric');
    const group = screen.getByRole('group', { name: 'Have you taken a MUDRA Tarun loan before and repaid it in full?' });
    expect(group.tagName).toBe('FIELDSET');
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Yes', 'No']);
  });

  test('a link with answers shows the result at once; bad values in it are ignored', async () => {
    renderBlock(<EligibilityBlock block={mudra} />, { route: '/mudra?amount=600000&tarunRepaid=no' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'You appear to be eligible' })).toBeVisible());
    expect(screen.getByText('Tarun')).toBeVisible();
    expect(screen.getByText('₹10,00,000')).toBeVisible();
  });

  test('a translated text figure is shown in its own words: तरुण, not Tarun, on a Hindi page', async () => {
    const inHindi: BlockOf<'eligibility'> = {
      ...mudra,
      results: mudra.results.map((result) =>
        result.texts ? { ...result, texts: { Shishu: 'शिशु', Kishor: 'किशोर', Tarun: 'तरुण', 'Tarun Plus': 'तरुण प्लस' } } : result,
      ),
    };
    renderBlock(<EligibilityBlock block={inHindi} />, { route: '/hi/mudra?amount=600000&tarunRepaid=no' });
    await waitFor(() => expect(screen.getByText('तरुण')).toBeVisible());
    expect(screen.queryByText('Tarun')).toBeNull();
  });

  test('checking with questions unanswered shows the error summary, focused, linking to each', async () => {
    const user = userEvent.setup();
    renderBlock(<EligibilityBlock block={mudra} />, { route: '/mudra?amount=lots' });
    await user.click(screen.getByRole('button', { name: 'Check eligibility' }));
    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!;
    expect(document.activeElement).toBe(summary);
    expect([...summary.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Enter the amount in rupees, from ₹1,000 to ₹10 crore',
      'Choose yes or no',
    ]);
    expect(screen.getByLabelText('How much do you need to borrow?').getAttribute('aria-invalid')).toBe('true');
  });

  test('when several questions have the same message, each summary link names its question', async () => {
    const user = userEvent.setup();
    renderBlock(<EligibilityBlock block={groups} />, { route: '/women' });
    await user.click(screen.getByRole('button', { name: 'Check eligibility' }));
    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!;
    const links = [...summary.querySelectorAll('a')].map((link) => link.textContent);
    expect(links).toEqual([
      'Are you a woman? Choose yes or no',
      'Are you an ex-serviceman? Choose yes or no',
      'Do you have a disability? Choose yes or no',
    ]);
  });

  test('answering moves focus to the verdict when checked, and a refusal lists its reason', async () => {
    const user = userEvent.setup();
    renderBlock(<EligibilityBlock block={mudra} />, { route: '/mudra' });
    await user.type(screen.getByLabelText('How much do you need to borrow?'), '15,00,000');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Check eligibility' }));
    const verdict = await screen.findByRole('heading', { name: 'You do not appear to be eligible' });
    // The focus moves in the effect after the verdict is drawn: on a busy machine, a moment later.
    await waitFor(() => expect(document.activeElement).toBe(verdict));
    expect(screen.getByText(/only for borrowers who have taken a Tarun loan/)).toBeVisible();
  });
});
