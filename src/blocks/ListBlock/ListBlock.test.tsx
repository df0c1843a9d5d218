import { screen, within } from '@testing-library/react';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { attachStylesheet } from '../../../tests/helpers/browserStubs';
import { ListBlock } from './ListBlock';

/**
 * Bullet and check lists differ only in how they look, so the block's own stylesheet is
 * added to the document (Vitest does not apply imported CSS) and the computed style is read.
 */
attachStylesheet(path.join(import.meta.dirname, 'ListBlock.css'));

function showsListMarkers(list: HTMLElement): boolean {
  const computed = getComputedStyle(list);
  return computed.getPropertyValue('list-style') !== 'none' && computed.listStyleType !== 'none';
}

const benefits: BlockOf<'list'> = {
  type: 'list',
  heading: 'Benefits',
  intro: 'Why owners choose a CGTMSE-backed loan:',
  items: ['No collateral up to the scheme limit', 'Lower interest than unsecured loans', 'Cover for new and existing units'],
};

describe('ListBlock', () => {
  test('shows the heading, the intro and every point as a list item, in order', () => {
    renderBlock(<ListBlock block={benefits} />);
    expect(screen.getByRole('heading', { level: 2, name: benefits.heading })).toBeVisible();
    expect(screen.getByText(benefits.intro!)).toBeVisible();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(benefits.items);
  });

  test('is a bulleted list by default', () => {
    renderBlock(<ListBlock block={benefits} />);
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('UL');
    expect(showsListMarkers(list)).toBe(true);
  });

  test('a bullet list looks the same whether the style is given or left out', () => {
    renderBlock(<ListBlock block={{ ...benefits, style: 'bullet' }} />);
    expect(showsListMarkers(screen.getByRole('list'))).toBe(true);
  });

  test('the check style replaces the bullets (with drawn ticks) and keeps the same points', () => {
    renderBlock(<ListBlock block={{ ...benefits, style: 'check' }} />);
    const list = screen.getByRole('list');
    expect(showsListMarkers(list)).toBe(false);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(benefits.items);
  });

  test('the check list keeps its list semantics for VoiceOver, which drops them from unmarked lists unless role="list" is set', () => {
    // `list-style: none` makes Safari/VoiceOver stop announcing a list and its item count
    // unless it carries role="list", as the cards, team, jobs and image-strip lists do.
    renderBlock(<ListBlock block={{ ...benefits, style: 'check' }} />);
    expect(screen.getByRole('list').getAttribute('role')).toBe('list');
  });

  test('shows no heading or intro when the page gives none', () => {
    const { container } = renderBlock(<ListBlock block={{ type: 'list', items: benefits.items }} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelector('p')).toBeNull();
  });
});
