import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { NumberedBlock } from './NumberedBlock';

const steps: BlockOf<'numbered'> = {
  type: 'numbered',
  heading: 'How it works',
  intro: 'Four steps from first call to disbursement.',
  items: [
    { title: 'Tell us your need', description: 'A short call about your business and the loan you want.' },
    { title: 'We prepare the file', description: 'Project report, financials and the bank forms.' },
    { title: 'The bank decides', description: 'We follow up until sanction.' },
    { title: 'Money in your account', description: 'Disbursement, usually in two to four weeks.' },
  ],
};

describe('NumberedBlock', () => {
  test('shows the heading and the intro', () => {
    renderBlock(<NumberedBlock block={steps} />);
    expect(screen.getByRole('heading', { level: 2, name: steps.heading })).toBeVisible();
    expect(screen.getByText(steps.intro!)).toBeVisible();
  });

  test('the points form an ordered list, in the order the page gives them', () => {
    renderBlock(<NumberedBlock block={steps} />);
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(steps.items.length);
    steps.items.forEach((step, index) => {
      expect(within(items[index]!).getByRole('heading', { level: 3 }).textContent).toBe(step.title);
      expect(within(items[index]!).getByText(step.description)).toBeVisible();
    });
  });

  test('keeps its list semantics for VoiceOver, which drops them from lists styled without markers unless role="list" is set', () => {
    // The numbers are drawn with a CSS counter on a list with `list-style: none`; Safari/VoiceOver
    // then stops announcing the list and its item count unless the list carries role="list",
    // as the cards, team, jobs and image-strip lists do.
    renderBlock(<NumberedBlock block={steps} />);
    expect(screen.getByRole('list').getAttribute('role')).toBe('list');
  });

  test('shows no heading or intro when the page gives none', () => {
    const { container } = renderBlock(<NumberedBlock block={{ type: 'numbered', items: steps.items }} />);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(container.querySelectorAll('p')).toHaveLength(steps.items.length);
  });
});
