import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { siteFile } from '../../../tests/helpers/siteData';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { GrievanceContactBlock } from './GrievanceContactBlock';

const contact = siteFile.grievanceContact;

describe('GrievanceContactBlock', () => {
  test('names the grievance officer from the site file, inside an address element, under the default heading', () => {
    const { container } = renderBlock(<GrievanceContactBlock block={{ type: 'grievance-contact' }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Complaints about our service' })).toBeVisible();
    const address = container.querySelector('address')?.textContent;
    expect(address).toContain(contact.name);
    expect(address).toContain('Grievance officer');
  });

  test('the e-mail address and phone number write and dial, and the answer period comes from the site file', () => {
    renderBlock(<GrievanceContactBlock block={{ type: 'grievance-contact' }} />);
    expect(screen.getByRole('link', { name: contact.email }).getAttribute('href')).toBe(`mailto:${contact.email}`);
    expect(screen.getByRole('link', { name: contact.phone }).getAttribute('href')).toBe(`tel:${contact.phone.replace(/[^+\d]/g, '')}`);
    expect(screen.getByText(`We answer every complaint within ${contact.responseDays} days of receiving it.`)).toBeVisible();
  });

  test('a complaint about a bank or an NBFC goes to the lender, then to the RBI’s Ombudsman under the 2026 scheme within 90 days, by portal or helpline', () => {
    renderBlock(<GrievanceContactBlock block={{ type: 'grievance-contact', heading: 'Complaints' }} />);
    expect(screen.getByRole('link', { name: 'cms.rbi.org.in' }).getAttribute('href')).toBe('https://cms.rbi.org.in');
    expect(screen.getByRole('link', { name: '14448' }).getAttribute('href')).toBe('tel:14448');
    const escalation = screen.getByRole('link', { name: '14448' }).closest('p')?.textContent;
    expect(escalation).toMatch(
      /^If your complaint is about a bank or an NBFC, write first to that lender's own grievance officer\. If it has not answered within 30 days/,
    );
    expect(escalation).toContain('Integrated Ombudsman Scheme, 2026');
    expect(escalation).toContain('within 90 days');
  });

  test('a complaint about a housing finance company goes to the National Housing Bank, which the RBI’s scheme leaves it to', () => {
    renderBlock(<GrievanceContactBlock block={{ type: 'grievance-contact' }} />);
    const grids = screen.getByRole('link', { name: 'grids.nhbonline.org.in' });
    expect(grids.getAttribute('href')).toBe('https://grids.nhbonline.org.in');
    expect(grids.closest('p')?.textContent).toMatch(
      /Housing finance companies are not covered: take a complaint about one to the National Housing Bank/,
    );
  });

  test('in Hindi, the same contact with the Hindi words', () => {
    renderBlock(<GrievanceContactBlock block={{ type: 'grievance-contact' }} />, { route: '/hi/contactus' });
    expect(screen.getByRole('heading', { level: 2, name: 'हमारी सेवा के बारे में शिकायत' })).toBeVisible();
    expect(screen.getByText('शिकायत निवारण अधिकारी')).toBeVisible();
    expect(screen.getByRole('link', { name: 'cms.rbi.org.in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'grids.nhbonline.org.in' }).closest('p')?.textContent).toContain('हाउसिंग फ़ाइनेंस कंपनियाँ');
  });
});
