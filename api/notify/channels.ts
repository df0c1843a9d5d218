import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FormKind } from '../../src/shared/forms/formSchemas';
import type { StoredEnquiry } from '../../src/shared/storedEnquiry';
import type { Channel, EnquiryRecord } from '../store/Store';
import { enquiryMessage } from './enquiryMessage';
import { escalationMessage, escalationPayload } from './escalationMessage';

export interface NotifyConfig {
  siteUrl: string;
  smtpUrl?: string;
  emailTo?: string;
  emailFrom?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  /** NOTIFY_ACKNOWLEDGE=1: each enquirer who gave an e-mail address gets an acknowledgement (with SMTP_URL set). */
  acknowledge?: boolean;
}

/** The acknowledgement of one enquiry, or undefined when it gave no e-mail address. */
export type Acknowledgement = (record: EnquiryRecord) => { to: string; subject: string; text: string } | undefined;

/** Sends one enquiry's notification; rejects when it was not accepted, so the outbox retries. */
export type Sender = (form: FormKind, enquiry: StoredEnquiry, record?: EnquiryRecord) => Promise<void>;

export const SIGNATURE_HEADER = 'X-Enquiry-Signature';
const WEBHOOK_TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the receiver recomputes it with the shared secret. */
export function signWebhook(body: string, secret: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** The channels switched on by settings; an empty map means notifications are off. */
export function configuredChannels(config: NotifyConfig, acknowledgement?: Acknowledgement): Map<Channel, Sender> {
  const channels = new Map<Channel, Sender>();
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const from = config.emailFrom ?? config.emailTo;
  if (transport && config.emailTo) {
    channels.set('email', async (form, enquiry) => {
      const message = enquiryMessage(form, enquiry, config.siteUrl);
      await transport.sendMail({ from, to: config.emailTo, ...message });
    });
  }
  if (transport && from && config.acknowledge && acknowledgement) {
    channels.set('acknowledgement', async (_form, _enquiry, record) => {
      const message = record && acknowledgement(record);
      if (!message) throw new Error('the enquiry has no e-mail address to acknowledge');
      await transport.sendMail({ from, ...message });
    });
  }
  if (transport && config.emailTo) {
    channels.set('escalation-email', async (_form, _enquiry, record) => {
      if (!record) throw new Error('the escalation has no enquiry');
      await transport.sendMail({ from, to: config.emailTo, ...escalationMessage(record, config.siteUrl) });
    });
  }
  if (config.webhookUrl) {
    const post = webhookPoster(config.webhookUrl, config.webhookSecret);
    channels.set('webhook', (form, enquiry) => post({ type: 'enquiry.created', form, enquiry, adminUrl: `${config.siteUrl}/table` }));
    channels.set('escalation-webhook', async (_form, _enquiry, record) => {
      if (!record) throw new Error('the escalation has no enquiry');
      await post(escalationPayload(record, config.siteUrl));
    });
  }
  return channels;
}

/** POSTs a JSON body to the webhook, signed when a secret is set; rejects unless it is accepted. */
function webhookPoster(url: string, secret: string | undefined) {
  return async (payload: object) => {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (secret) headers[SIGNATURE_HEADER] = signWebhook(body, secret, Math.floor(Date.now() / 1000));
    // A redirect is not followed: it could send the enquiry, signed, to an address nobody configured.
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (response.status >= 300 && response.status < 400)
      throw new Error(`the webhook answered with a redirect (${response.status}), which is not followed`);
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
  };
}
