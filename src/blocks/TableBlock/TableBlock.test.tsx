import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { TableBlock } from './TableBlock';

const tiers: BlockOf<'table'> = {
  type: 'table',
  heading: 'Mudra loan tiers',
  caption: 'Mudra loan tiers and their limits',
  columns: ['Tier', 'Loan amount', 'Who it suits'],
  rows: [
    ['Shishu', 'Up to ₹50,000', 'New micro units'],
    ['Kishore', '₹50,000 to ₹5 lakh', 'Growing units'],
    ['Tarun', '₹5 lakh to ₹10 lakh', 'Established units'],
  ],
};

describe('TableBlock', () => {
  test('shows the heading, and the table is named by its caption', () => {
    renderBlock(<TableBlock block={tiers} />);
    expect(screen.getByRole('heading', { level: 2, name: tiers.heading })).toBeVisible();
    const table = screen.getByRole('table', { name: tiers.caption });
    expect(table.querySelector('caption')!.textContent).toBe(tiers.caption);
  });

  test('every column heading is a column header (scope col), in order', () => {
    renderBlock(<TableBlock block={tiers} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(tiers.columns);
    for (const header of headers) expect(header.getAttribute('scope')).toBe('col');
  });

  test("the first cell of each row is that row's header (scope row); the others are data cells", () => {
    renderBlock(<TableBlock block={tiers} />);
    const table = screen.getByRole('table', { name: tiers.caption });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(tiers.rows.length);
    tiers.rows.forEach((row, index) => {
      const rowHeader = within(bodyRows[index]!).getByRole('rowheader');
      expect(rowHeader.textContent).toBe(row[0]);
      expect(rowHeader.getAttribute('scope')).toBe('row');
      expect(
        within(bodyRows[index]!)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(row.slice(1));
    });
  });

  test('a wide table sits in a labelled region that keyboard users can focus to scroll it', async () => {
    const user = userEvent.setup();
    renderBlock(<TableBlock block={tiers} />);
    const region = screen.getByRole('region', { name: tiers.caption });
    expect(within(region).getByRole('table')).toBeVisible();
    await user.tab();
    expect(document.activeElement).toBe(region);
  });

  test('shows no h2 when the page gives no heading, but keeps the caption', () => {
    renderBlock(<TableBlock block={{ ...tiers, heading: undefined }} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('table', { name: tiers.caption })).toBeVisible();
  });
});
