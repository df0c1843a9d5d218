import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { SiteFooter } from './SiteFooter';
import { siteDataFor, siteFile } from '../../../tests/helpers/siteData';
import { renderBlock } from '../../../tests/helpers/renderBlock';

const site = siteFile;

function renderFooter() {
  return renderBlock(<SiteFooter />, { route: '/about' });
}

describe('SiteFooter', () => {
  test('is the page footer (contentinfo landmark)', () => {
    renderFooter();
    expect(screen.getByRole('contentinfo')).toBeVisible();
  });

  test("shows the firm's name and tagline", () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(site.name)).toBeVisible();
    expect(within(footer).getByText(site.tagline!)).toBeVisible();
  });

  test('the quick links are a labelled navigation holding exactly the links of the site file, in order', () => {
    renderFooter();
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getByRole('heading', { level: 2 })).toHaveTextContent(siteDataFor('en').words.ui.shell.quickLinks);
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      site.footer.links.map((link) => [link.label, link.to]),
    );
  });

  test('the phone number is a tel: link that dials it', () => {
    renderFooter();
    const link = screen.getByRole('link', { name: site.phone });
    expect(link.getAttribute('href')).toBe(`tel:${site.phone.replace(/[\s()-]/g, '')}`);
  });

  test('the e-mail address is a mailto: link', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: site.email }).getAttribute('href')).toBe(`mailto:${site.email}`);
  });

  test('gives the postal address from the site file inside an address element, with the contact links', () => {
    const { container } = renderFooter();
    const address = container.querySelector('address');
    expect(address).not.toBeNull();
    for (const part of [site.address.street, site.address.city, site.address.region, site.address.postalCode]) {
      expect(address!.textContent).toContain(part);
    }
    expect(address!.contains(screen.getByRole('link', { name: site.phone }))).toBe(true);
    expect(address!.contains(screen.getByRole('link', { name: site.email }))).toBe(true);
  });
});
