import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { DocumentsBlock } from './DocumentsBlock';

const documents: BlockOf<'documents'> = {
  type: 'documents',
  heading: 'Documents needed',
  intro: 'Self-attested copies of:',
  items: ['PAN card', 'Aadhaar card', 'Last three years of income tax returns', 'Six months of bank statements'],
};

function toggle() {
  return screen.getByRole('button', { name: documents.heading });
}

function panelOf(button: HTMLElement) {
  const id = button.getAttribute('aria-controls');
  expect(id).not.toBeNull();
  const panel = document.getElementById(id!);
  expect(panel).not.toBeNull();
  return panel!;
}

describe('DocumentsBlock', () => {
  test('the heading is an h2 holding a button', () => {
    renderBlock(<DocumentsBlock block={documents} />);
    const heading = screen.getByRole('heading', { level: 2, name: documents.heading });
    expect(within(heading).getByRole('button', { name: documents.heading })).toBe(toggle());
  });

  test('starts closed: the button says so and the list is hidden', () => {
    renderBlock(<DocumentsBlock block={documents} />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(toggle()).hidden).toBe(true);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  test('the button controls the panel holding the intro and every document', () => {
    renderBlock(<DocumentsBlock block={documents} />);
    const panel = panelOf(toggle());
    expect(within(panel).getByText(documents.intro!)).toBeInTheDocument(); // in the closed panel, hidden until opened
    const items = within(panel).getAllByRole('listitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(documents.items);
  });

  test('a click opens the list and a second click closes it', async () => {
    const user = userEvent.setup();
    renderBlock(<DocumentsBlock block={documents} />);
    await user.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(toggle()).hidden).toBe(false);
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(documents.items);
    expect(screen.getByText(documents.intro!)).toBeVisible();

    await user.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(toggle()).hidden).toBe(true);
    expect(screen.queryByRole('list')).toBeNull();
  });

  test('opens and closes by keyboard, with Enter and with Space', async () => {
    const user = userEvent.setup();
    renderBlock(<DocumentsBlock block={documents} />);
    await user.tab();
    expect(document.activeElement).toBe(toggle());
    await user.keyboard('{Enter}');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(documents.items[1]!)).toBeVisible();
    await user.keyboard(' ');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(toggle()).hidden).toBe(true);
  });

  test('without an intro, the panel holds just the list', async () => {
    const user = userEvent.setup();
    renderBlock(<DocumentsBlock block={{ ...documents, intro: undefined }} />);
    await user.click(toggle());
    const panel = panelOf(toggle());
    expect(panel.querySelector('p')).toBeNull();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(documents.items.length);
  });
});
