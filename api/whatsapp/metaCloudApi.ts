import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppConfig } from './whatsappConfig';
import {
  ProviderError,
  type IncomingMessage,
  type MediaFile,
  type Recipient,
  type StatusReport,
  type TemplateMessage,
  type TemplateState,
  type WebhookEvent,
  type WhatsAppProvider,
} from './provider';

/** Meta's header on each webhook post: `sha256=` and the HMAC-SHA256 of the raw body under the app secret. */
export const SIGNATURE_HEADER = 'X-Hub-Signature-256';
const TIMEOUT_MS = 10_000;
/** A media file larger than this is not fetched (Meta's own limit for documents is 100 MB; uploads here take 10 MB). */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;
/** Meta's codes that mean "later": rate limits and its own trouble. */
const RETRY_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);
const TEMPLATE_PAGES = 20;

interface GraphError {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

/** The Cloud API: messages through POST /{phone-number-id}/messages (marketing templates through /marketing_messages). */
export function metaCloudApi(config: WhatsAppConfig): WhatsAppProvider {
  const auth = { Authorization: `Bearer ${config.token}` };

  async function graph(path: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(path.startsWith('http') ? path : `${config.graphUrl}/${path}`, {
        ...init,
        headers: { ...auth, ...(init.body !== undefined && { 'Content-Type': 'application/json' }) },
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError(`WhatsApp could not be reached (${(error as Error).message})`, true);
    }
    if (response.ok) return response;
    const body = (await response.json().catch(() => ({}))) as GraphError;
    const code = body.error?.code;
    const reason = body.error?.error_data?.details ?? body.error?.message ?? `WhatsApp answered ${response.status}`;
    const retry = response.status >= 500 || response.status === 429 || (code !== undefined && RETRY_CODES.has(code));
    throw new ProviderError(reason, retry, code);
  }

  async function send(endpoint: string, to: Recipient, message: object): Promise<{ id: string }> {
    const response = await graph(`${config.phoneNumberId}/${endpoint}`, {
      method: 'POST',
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        ...('phone' in to ? { to: to.phone.replace(/^\+/, '') } : { recipient: to.userId }),
        ...message,
      }),
    });
    const body = (await response.json()) as { messages?: { id?: string }[] };
    const id = body.messages?.[0]?.id;
    if (!id) throw new ProviderError('WhatsApp took the message but gave it no id', false);
    return { id };
  }

  return {
    sendText: (to, text) => send('messages', to, { type: 'text', text: { body: text, preview_url: false } }),

    sendTemplate(to, template: TemplateMessage) {
      const parameters = template.params.map((text) => ({ type: 'text', text }));
      return send(template.category === 'marketing' ? 'marketing_messages' : 'messages', to, {
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          ...(parameters.length && { components: [{ type: 'body', parameters }] }),
        },
      });
    },

    async templates(): Promise<TemplateState[]> {
      const found: TemplateState[] = [];
      let next: string | undefined = `${config.businessAccountId}/message_templates?fields=name,status,language,category&limit=100`;
      for (let page = 0; next && page < TEMPLATE_PAGES; page += 1) {
        const body = (await (await graph(next)).json()) as {
          data?: { name?: string; status?: string; language?: string; category?: string }[];
          paging?: { next?: string };
        };
        for (const item of body.data ?? [])
          if (item.name && item.language && item.status)
            found.push({ name: item.name, language: item.language, status: item.status, category: (item.category ?? '').toLowerCase() });
        next = body.paging?.next;
      }
      return found;
    },

    async media(id: string): Promise<MediaFile> {
      const about = (await (await graph(encodeURIComponent(id))).json()) as { url?: string; mime_type?: string; file_size?: number };
      if (!about.url) throw new ProviderError('WhatsApp gave no address for the file', false);
      // The token goes with the request for the file: only to an https address (or the Graph API's own, a test's fake).
      const url = new URL(about.url);
      if (url.protocol !== 'https:' && url.origin !== new URL(config.graphUrl).origin)
        throw new ProviderError('WhatsApp gave a file address that is not https', false);
      if ((about.file_size ?? 0) > MEDIA_MAX_BYTES) throw new ProviderError('The file is larger than 16 MB and was not fetched', false);
      const response = await graph(about.url);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > MEDIA_MAX_BYTES) throw new ProviderError('The file is larger than 16 MB and was not fetched', false);
      return { bytes, type: about.mime_type ?? response.headers.get('content-type') ?? 'application/octet-stream' };
    },

    signedBy(rawBody, signature) {
      const match = /^sha256=([0-9a-f]{64})$/i.exec(signature?.trim() ?? '');
      if (!match) return false;
      const expected = createHmac('sha256', config.appSecret).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
    },

    eventsOf: (body) => eventsOf(body, config.phoneNumberId),
  };
}

/** The number as the store keeps numbers: + and its digits. */
const phoneOf = (waId: unknown) => (typeof waId === 'string' && /^\d{6,15}$/.test(waId) ? `+${waId}` : undefined);
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const timeOf = (seconds: unknown, fallback: string) =>
  typeof seconds === 'string' && /^\d{1,12}$/.test(seconds) ? new Date(Number(seconds) * 1000).toISOString() : fallback;

type Json = Record<string, unknown>;
const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((item): item is Json => !!item && typeof item === 'object') : [];
const object = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/**
 * Meta's webhook: entry[].changes[] of field `messages`, each with the contacts who wrote
 * (wa_id, and user_id: the BSUID, with the number withheld when the person uses a username), the
 * messages (from, from_user_id) and the statuses of messages the firm sent. Other numbers of the
 * same business account, and anything else, are left out.
 */
function eventsOf(body: unknown, phoneNumberId: string): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  const now = new Date().toISOString();
  for (const entry of objects(object(body).entry))
    for (const change of objects(entry.changes)) {
      if (change.field !== 'messages') continue;
      const value = object(change.value);
      if (object(value.metadata).phone_number_id !== phoneNumberId) continue;
      const contacts = objects(value.contacts);
      for (const message of objects(value.messages)) {
        const incoming = incomingOf(message, contacts, now);
        if (incoming) events.push(incoming);
      }
      for (const status of objects(value.statuses)) {
        const report = statusOf(status, now);
        if (report) events.push(report);
      }
    }
  return events;
}

function incomingOf(message: Json, contacts: Json[], now: string): IncomingMessage | undefined {
  const wamid = textOf(message.id);
  if (!wamid) return undefined;
  const userId = textOf(message.from_user_id);
  const phone = phoneOf(message.from);
  // The contact is the one whose number or BSUID the message names (there is one per sender).
  const contact =
    contacts.find((one) => (phone && phoneOf(one.wa_id) === phone) || (userId && one.user_id === userId)) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  const profile = object(contact?.profile);
  const sender = {
    ...((phone ?? phoneOf(contact?.wa_id)) && { phone: phone ?? phoneOf(contact?.wa_id) }),
    ...((userId ?? textOf(contact?.user_id)) && { userId: userId ?? textOf(contact?.user_id) }),
    ...(textOf(profile.name) && { profileName: textOf(profile.name) }),
  };
  const base = { type: 'message' as const, wamid, at: timeOf(message.timestamp, now), ...sender };
  const kind = message.type;
  if (kind === 'text') return { ...base, kind: 'text', text: textOf(object(message.text).body) ?? '' };
  if (kind === 'image' || kind === 'document') {
    const media = object(message[kind]);
    const id = textOf(media.id);
    const caption = textOf(media.caption);
    return {
      ...base,
      kind,
      ...(caption && { text: caption }),
      ...(id && { media: { id, type: textOf(media.mime_type) ?? '', ...(textOf(media.filename) && { name: textOf(media.filename) }) } }),
    };
  }
  if (kind === 'button') return { ...base, kind: 'text', text: textOf(object(message.button).text) ?? '' };
  return { ...base, kind: 'other', otherType: textOf(kind) ?? 'unknown' };
}

function statusOf(status: Json, now: string): StatusReport | undefined {
  const wamid = textOf(status.id);
  const state = status.status;
  if (!wamid || (state !== 'sent' && state !== 'delivered' && state !== 'read' && state !== 'failed')) return undefined;
  const error = objects(status.errors)[0];
  const reason = error && (textOf(object(error.error_data).details) ?? textOf(error.message) ?? textOf(error.title));
  const phone = phoneOf(status.recipient_id);
  const userId = textOf(status.recipient_user_id);
  return {
    type: 'status',
    wamid,
    at: timeOf(status.timestamp, now),
    state,
    ...(state === 'failed' && { error: reason ?? 'WhatsApp gave no reason' }),
    ...(phone && { phone }),
    ...(userId && { userId }),
  };
}
