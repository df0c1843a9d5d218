import nodemailer from 'nodemailer';
import { fill } from '../../src/shared/languages';
import { formatIsoDate } from '../../src/shared/formatDate';
import { indiaDate } from '../../src/shared/indiaTime';
import type { DocumentRequest } from '../store/DocumentStore';
import type { EnquiryRecord } from '../store/Store';
import type { SiteContent } from '../site/siteContent';
import { uploadLinkOf } from '../documents/documentLinks';
import type { SecretsKey } from '../secrets/secretsKey';
import { greetingName } from './acknowledgement';
import type { NotifyConfig } from './channels';
import type { DocumentsSend } from '../jobs/outbox';
import { Undeliverable } from './retryPolicy';

/**
 * Requests for documents by e-mail through SMTP_URL, from NOTIFY_EMAIL_FROM (or NOTIFY_EMAIL_TO);
 * undefined when those are not set. The link is made again from the request's id under the
 * secrets key at the moment of sending, so it is in no store and no queue.
 */
export function documentsSender(config: NotifyConfig, content: () => SiteContent, secrets: SecretsKey): DocumentsSend | undefined {
  const from = config.emailFrom ?? config.emailTo;
  if (!config.smtpUrl || !from) return undefined;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return async (record, request) => {
    const link = uploadLinkOf(content(), config.siteUrl, secrets, request);
    if (!link) throw new Undeliverable('the link was made under another secrets key: make a new request');
    const message = documentsEmailOf(content(), record, request, link);
    if (!message) throw new Undeliverable('the enquiry has no e-mail address');
    await transport.sendMail({ from, ...message });
  };
}

/**
 * The e-mail of a request for documents to the enquirer, in the language of its upload page: the
 * documents asked for, the private link and until when it takes files, who reads the files and when
 * they are erased. Its words are content (`documentsEmail` in each language's _ui.yaml); undefined
 * for an enquiry without an e-mail address. Nothing the advisor typed goes in it but the documents'
 * names, and of the enquirer only a plain name.
 */
export function documentsEmailOf(content: SiteContent, record: EnquiryRecord, request: DocumentRequest, link: string) {
  const to = record.fields['email'];
  if (!to) return undefined;
  const { ui } = content.wordsOf(request.language);
  const words = ui.documentsEmail;
  const { site } = content.siteData(request.language);
  const name = greetingName(record.fields['name']);
  const values = {
    name: name ?? '',
    reference: record.reference,
    link,
    date: formatIsoDate(indiaDate(Date.parse(request.expiresAt) - 1), ui.shell.months),
    days: String(content.privacy.documentsDays),
    firm: site.name,
    firmPhone: site.phone,
    firmEmail: site.email,
  };
  const say = (...lines: string[]) => lines.map((line) => fill(line, values));
  const lines = [
    ...say(name ? words.greeting : words.greetingWithoutName, '', words.intro),
    // The documents' names as the advisor gave them: never filled in, so no brace in one can pull in anything else.
    ...request.items.map((item) => `- ${item}`),
    ...say('', words.link, words.until, '', words.privacy, '', words.contact, words.notYou, '', site.name),
  ];
  return { to, subject: fill(words.subject, { firm: site.name }), text: lines.join('\n') };
}
