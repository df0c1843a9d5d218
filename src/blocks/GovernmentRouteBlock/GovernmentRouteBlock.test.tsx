import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { siteDataFor, siteFile } from '../../../tests/helpers/siteData';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { GovernmentRouteBlock } from './GovernmentRouteBlock';

const notice: BlockOf<'government-route'> = {
  type: 'government-route',
  heading: 'You Can Register Yourself, Free',
  portal: { title: 'Udyam Registration portal', url: 'https://udyamregistration.gov.in' },
  yourself: 'Registration there is free: the government charges no fee for it or for the certificate.',
  fee: 'Our fee pays for checking your details and filing with you.',
};

describe('GovernmentRouteBlock', () => {
  test('says the firm is a private consultancy, not a government office or agent, under its heading', () => {
    renderBlock(<GovernmentRouteBlock block={notice} />);
    expect(screen.getByRole('heading', { level: 2, name: notice.heading })).toBeVisible();
    expect(
      screen.getByText(
        `${siteFile.name} is a private consultancy: not a government office, and not an agent of any government department.`,
      ),
    ).toBeVisible();
  });

  test('links the official portal by its name, then says what applying there costs and what our fee pays for', () => {
    renderBlock(<GovernmentRouteBlock block={notice} />);
    const portal = screen.getByRole('link', { name: notice.portal.title });
    expect(portal.getAttribute('href')).toBe(notice.portal.url);
    expect(portal.closest('p')?.textContent).toBe(
      `You can apply yourself on the official portal: ${notice.portal.title}. ${notice.yourself}`,
    );
    expect(screen.getByText(notice.fee)).toBeVisible();
  });

  test.each(['mr', 'hi'])('says it in the page’s language on /%s pages', (lang) => {
    renderBlock(<GovernmentRouteBlock block={notice} />, { route: `/${lang}/udhamadhar` });
    const firm = siteDataFor(lang).words.ui.blocks.governmentRouteFirm.replace('{firm}', siteFile.name);
    expect(screen.getByText(firm)).toBeVisible();
    expect(firm).not.toContain('private consultancy');
  });
});
