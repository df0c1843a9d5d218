import { fill } from '../../src/shared/languages';
import type { SiteContent } from '../site/siteContent';
import type { SecretsKey } from '../secrets/secretsKey';
import type { EnquiryRecord } from '../store/Store';
import { statusLink } from './statusLink';

/**
 * A name as people write one: letters of any script (with their vowel signs), in words separated
 * by single spaces, each word ending in a dot or not (Dr.), or initials (A.K.), within 40
 * characters. A web address, an e-mail address or a sentence of spam never passes.
 */
const PLAIN_NAME = /^(?:(?:\p{L}\p{M}*\.)+|\p{L}[\p{L}\p{M}]*\.?)(?: (?:(?:\p{L}\p{M}*\.)+|\p{L}[\p{L}\p{M}]*\.?))*$/u;

/** The name to greet with, or undefined when what was typed is not plainly a name. */
export function greetingName(typed: string | undefined): string | undefined {
  const name = (typed ?? '').trim().replace(/\s+/g, ' ');
  return name.length > 0 && name.length <= 40 && PLAIN_NAME.test(name) ? name : undefined;
}

/**
 * The e-mail an enquirer receives at once, in the language of the page they wrote from: what
 * they asked about, its reference, when the firm will call, its contact details and how to withdraw consent.
 * Its words are content (`acknowledgement` in each language's _ui.yaml); undefined for an
 * enquiry without an e-mail address. It carries nothing the visitor typed but a plain name:
 * anyone can give someone else's address, and the firm's mail server must not relay their text.
 */
export function acknowledgementOf(content: SiteContent, record: EnquiryRecord, siteUrl: string, secrets: SecretsKey) {
  const to = record.fields['email'];
  if (!to) return undefined;
  const language = record.language ?? content.languages.source;
  const words = content.wordsOf(language).ui.acknowledgement;
  const { site } = content.siteData(language);
  const page = record.sourcePage ? content.routes.get(record.sourcePage)?.page : undefined;
  const prefix = language === content.languages.source ? '' : `/${language}`;
  const privacyPath = `${prefix}/privacy`;
  const address = [site.address.street, site.address.city, site.address.postalCode].join(', ');
  const name = greetingName(record.fields['name']);
  const values = {
    name: name ?? '',
    topic: page ? page.title : words.generalTopic,
    phone: record.fields['number'] ?? record.fields['phoneno'] ?? '',
    firm: site.name,
    firmPhone: site.phone,
    firmEmail: site.email,
    address,
    privacyEmail: site.privacyContact.email,
    privacyUrl: new URL(privacyPath, siteUrl).href,
    reference: record.reference,
    statusUrl: statusLink(secrets, siteUrl, record, prefix),
  };
  const lines = [
    name ? words.greeting : words.greetingWithoutName,
    '',
    words.received,
    words.reference,
    words.status,
    '',
    words.callBack,
    '',
    words.contact,
    '',
    words.withdraw,
    '',
    site.name,
  ];
  return { to, subject: fill(words.subject, { firm: site.name }), text: lines.map((line) => fill(line, values)).join('\n') };
}
