import type { Site } from '../content/site.generated';

/** Links built from the site file's contact details; the footer and the office block share them. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export function whatsappHref(site: Pick<Site, 'whatsapp'>): string {
  return `https://wa.me/${site.whatsapp}`;
}

export function addressLines(site: Pick<Site, 'address'>): string[] {
  const { street, city, region, postalCode } = site.address;
  return [street, `${city}, ${region} ${postalCode}`];
}
