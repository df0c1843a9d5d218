import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Lenders } from '../../content/site.generated';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { siteDataFor } from '../../../tests/helpers/siteData';
import { LendersBlock } from './LendersBlock';

const withLenders = (lenders: Lenders, lang = 'en') => {
  const data = siteDataFor(lang);
  return { ...data, site: { ...data.site, lenders } };
};

describe('LendersBlock', () => {
  test('shows nothing while the site file lists no lender, so no agreement is claimed', () => {
    const { container } = renderBlock(<LendersBlock block={{ type: 'lenders', intro: 'We hold agreements with these.' }} />, {
      data: withLenders([]),
    });
    expect(container.innerHTML).toBe('');
  });

  test('lists the banks and the NBFCs apart, under their own headings', () => {
    renderBlock(<LendersBlock block={{ type: 'lenders', intro: 'We hold agreements with these.' }} />, {
      data: withLenders([
        { name: 'Bank of Maharashtra', kind: 'bank' },
        { name: 'A Finance Ltd', kind: 'nbfc' },
        { name: 'State Bank of India', kind: 'bank' },
      ]),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Lenders we have agreements with' })).toBeVisible();
    expect(screen.getByText('We hold agreements with these.')).toBeVisible();
    const list = (heading: string) =>
      within(screen.getByRole('heading', { level: 3, name: heading }).parentElement!)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(list('Banks')).toEqual(['Bank of Maharashtra', 'State Bank of India']);
    expect(list('NBFCs')).toEqual(['A Finance Ltd']);
  });

  test('leaves out a group with no lender in it', () => {
    renderBlock(<LendersBlock block={{ type: 'lenders' }} />, { data: withLenders([{ name: 'Bank of Maharashtra', kind: 'bank' }], 'mr') });
    expect(screen.getByRole('heading', { level: 3, name: 'बँका' })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 3, name: 'NBFC' })).toBeNull();
  });
});
