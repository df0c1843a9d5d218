import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { siteDataFor, siteFile } from '../../../tests/helpers/siteData';
import { formatOpeningHours } from './formatOpeningHours';
import { OfficeBlock } from './OfficeBlock';

const site = siteFile;

const office: BlockOf<'office'> = { type: 'office', heading: 'Visit us', text: 'Walk in, or call before you come.' };

function addressElement(container: HTMLElement) {
  const address = container.querySelector('address');
  expect(address).not.toBeNull();
  return address!;
}

describe('OfficeBlock', () => {
  test('shows the heading and the text', () => {
    renderBlock(<OfficeBlock block={office} />);
    expect(screen.getByRole('heading', { level: 2, name: office.heading })).toBeVisible();
    expect(screen.getByText(office.text!)).toBeVisible();
  });

  test('falls back to a heading of its own when the page gives none', () => {
    renderBlock(<OfficeBlock block={{ type: 'office' }} />);
    expect(screen.getByRole('heading', { level: 2, name: siteDataFor('en').words.ui.blocks.officeHeading })).toBeVisible();
  });

  test("gives the firm's name and full postal address from the site file, inside an address element", () => {
    const { container } = renderBlock(<OfficeBlock block={office} />);
    const address = addressElement(container).textContent;
    for (const part of [site.name, site.address.street, site.address.city, site.address.region, site.address.postalCode]) {
      expect(address).toContain(part);
    }
  });

  test('the phone number is a tel: link that dials it', () => {
    const { container } = renderBlock(<OfficeBlock block={office} />);
    const link = screen.getByRole('link', { name: site.phone });
    expect(addressElement(container).contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe(`tel:${site.phone.replace(/[\s()-]/g, '')}`);
  });

  test('the e-mail address is a mailto: link', () => {
    renderBlock(<OfficeBlock block={office} />);
    expect(screen.getByRole('link', { name: site.email }).getAttribute('href')).toBe(`mailto:${site.email}`);
  });

  test('links to a WhatsApp chat with the office number, in a new tab, and says so', () => {
    renderBlock(<OfficeBlock block={office} />);
    const link = screen.getByRole('link', { name: /whatsapp/i });
    expect(link.getAttribute('href')).toBe(`https://wa.me/${site.whatsapp}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toMatch(/new tab/i);
  });

  test('shows the opening hours from the site file', () => {
    const { container } = renderBlock(<OfficeBlock block={office} />);
    expect(site.openingHours?.length).toBeGreaterThan(0);
    const address = addressElement(container);
    for (const hours of site.openingHours!) {
      const line = screen.getByText(formatOpeningHours(hours, siteDataFor('en').words.ui.blocks));
      expect(address.contains(line)).toBe(true);
      expect(line.textContent).toContain(hours.days[0]);
      expect(line.textContent).toContain(hours.days[hours.days.length - 1]);
    }
  });
});
