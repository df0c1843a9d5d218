import { expect, test } from 'vitest';
import { siteFile } from '../../tests/helpers/siteData';
import { organisationData } from './structuredData';

test('the firm is a schema.org FinancialService with its address, place and opening hours from the site file', () => {
  const data = organisationData(siteFile, 'https://example.in');
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'FinancialService',
    '@id': 'https://example.in/#organisation',
    name: siteFile.name,
    url: 'https://example.in/',
    telephone: siteFile.phone,
    email: siteFile.email,
    address: { '@type': 'PostalAddress', postalCode: siteFile.address.postalCode, addressCountry: siteFile.address.country },
    geo: { '@type': 'GeoCoordinates', latitude: siteFile.geo.lat, longitude: siteFile.geo.lon },
  });
  expect(data.openingHoursSpecification).toEqual(
    siteFile.openingHours!.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
      opens: hours.opens,
      closes: hours.closes,
    })),
  );
});

test('a firm without opening hours says none', () => {
  const { openingHours: _, ...site } = siteFile;
  expect(organisationData(site, 'https://example.in')).not.toHaveProperty('openingHoursSpecification');
});
