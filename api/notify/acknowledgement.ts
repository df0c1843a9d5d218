import { fill } from '../../src/shared/languages';
import type { SiteContent } from '../site/siteContent';
import type { EnquiryRecord } from '../store/Store';

/**
 * The e-mail an enquirer receives at once, in the language of the page they wrote from: what
 * they asked about, when the firm will call, its contact details and how to withdraw consent.
 * Its words are content (`acknowledgement` in each language's _ui.yaml); undefined for an
 * enquiry without an e-mail address.
 */
export function acknowledgementOf(content: SiteContent, record: EnquiryRecord, siteUrl: string) {
  const to = record.fields['email'];
  if (!to) return undefined;
  const language = record.language ?? content.languages.source;
  const words = content.wordsOf(language).ui.acknowledgement;
  const { site } = content.siteData(language);
  const page = record.sourcePage ? content.routes.get(record.sourcePage)?.page : undefined;
  const privacyPath = language === content.languages.source ? '/privacy' : `/${language}/privacy`;
  const address = [site.address.street, site.address.city, site.address.postalCode].join(', ');
  const values = {
    name: record.fields['name'] ?? '',
    topic: page ? page.title : words.generalTopic,
    phone: record.fields['number'] ?? record.fields['phoneno'] ?? '',
    firm: site.name,
    firmPhone: site.phone,
    firmEmail: site.email,
    address,
    privacyEmail: site.privacyContact.email,
    privacyUrl: new URL(privacyPath, siteUrl).href,
  };
  const lines = [words.greeting, '', words.received, '', words.callBack, '', words.contact, '', words.withdraw, '', site.name];
  return { to, subject: fill(words.subject, { firm: site.name }), text: lines.map((line) => fill(line, values)).join('\n') };
}
