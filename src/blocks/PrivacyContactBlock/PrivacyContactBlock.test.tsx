import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { privacyFile, siteFile } from '../../../tests/helpers/siteData';
import { PrivacyContactBlock } from './PrivacyContactBlock';

const contact = siteFile.privacyContact;

describe('PrivacyContactBlock', () => {
  test('names the contact person and their role from the site file, inside an address element', () => {
    const { container } = renderBlock(<PrivacyContactBlock block={{ type: 'privacy-contact', heading: 'Ask us' }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Ask us' })).toBeVisible();
    const address = container.querySelector('address')?.textContent;
    expect(address).toContain(contact.name);
    expect(address).toContain(contact.role);
  });

  test('the e-mail address and phone number are links that write and dial them', () => {
    renderBlock(<PrivacyContactBlock block={{ type: 'privacy-contact' }} />);
    expect(screen.getByRole('link', { name: contact.email }).getAttribute('href')).toBe(`mailto:${contact.email}`);
    expect(screen.getByRole('link', { name: contact.phone }).getAttribute('href')).toBe(`tel:${contact.phone.replace(/[^+\d]/g, '')}`);
  });

  test('states the answer period from the privacy file', () => {
    renderBlock(<PrivacyContactBlock block={{ type: 'privacy-contact' }} />);
    expect(screen.getByText(new RegExp(`within ${privacyFile.responseDays} days`))).toBeVisible();
  });
});
