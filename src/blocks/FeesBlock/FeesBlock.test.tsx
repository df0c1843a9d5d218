import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { formatWholeRupees } from '../../lib/formatRupees';
import { siteDataFor, siteFile } from '../../../tests/helpers/siteData';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { FeesBlock } from './FeesBlock';

const fees: BlockOf<'fees'> = {
  type: 'fees',
  heading: 'What We Charge',
  caption: 'Our fees by kind of service',
  consultancy: { service: 'Government schemes', paysFor: 'The project report and follow-up.' },
  registration: { service: 'Registrations', paysFor: 'Preparing and filing.' },
  loans: { service: 'Loans', paysFor: 'Comparing lenders and the loan file.' },
};

const cells = (service: string) =>
  within(screen.getByRole('row', { name: new RegExp(`^${service}`) }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The site's data with the firm's loan terms replaced. */
const withLoans = (loans: (typeof siteFile)['fees']['loans']) => {
  const data = siteDataFor('en');
  return { ...data, site: { ...data.site, fees: { ...data.site.fees, loans } } };
};

describe('FeesBlock', () => {
  test('a table of the three kinds of service, with the firm’s fees from the site file and what each pays for', () => {
    renderBlock(<FeesBlock block={fees} />);
    expect(screen.getByRole('heading', { level: 2, name: fees.heading })).toBeVisible();
    expect(screen.getByRole('table', { name: fees.caption })).toBeVisible();
    const { consultancy, registration } = siteFile.fees;
    expect(cells('Government schemes')).toEqual([
      `${formatWholeRupees(consultancy.from)} to ${formatWholeRupees(consultancy.to)}`,
      fees.consultancy.paysFor,
    ]);
    expect(cells('Registrations')).toEqual([
      `${formatWholeRupees(registration.from)} to ${formatWholeRupees(registration.to)}`,
      fees.registration.paysFor,
    ]);
  });

  test('for loans, says what the borrower pays us and whether lenders pay us', () => {
    const { unmount } = renderBlock(<FeesBlock block={fees} />, { data: withLoans({ lenderPays: true }) });
    expect(cells('Loans')[0]).toBe('NothingBanks and NBFCs pay us a fee for the loans we help borrowers apply for.');
    unmount();
    renderBlock(<FeesBlock block={fees} />, { data: withLoans({ lenderPays: false, borrowerFee: { from: 2500, to: 15000 } }) });
    expect(cells('Loans')[0]).toBe('₹2,500 to ₹15,000No bank or NBFC pays us for your loan.');
  });

  test('in Marathi, the column headings and amounts in the page’s words', () => {
    renderBlock(<FeesBlock block={fees} />, { route: '/mr/fees' });
    expect(screen.getByRole('columnheader', { name: 'तुम्ही आम्हाला किती देता' })).toBeVisible();
    expect(cells('Registrations')[0]).toBe(
      `${formatWholeRupees(siteFile.fees.registration.from)} ते ${formatWholeRupees(siteFile.fees.registration.to)}`,
    );
  });
});
