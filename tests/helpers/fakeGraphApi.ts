import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export const PHONE_NUMBER_ID = '106540352242922';
export const BUSINESS_ACCOUNT_ID = '102290129340398';
export const TOKEN = 'EAAtest-token-not-a-real-one';
export const APP_SECRET = 'app-secret-for-tests';
export const VERIFY_TOKEN = 'verify-me-please';

/** What the fake was sent: the path, the token it came with and the JSON body. */
export interface GraphCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
  /** When it arrived (performance.now()), for the benchmark. */
  at: number;
}

export interface FakeTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
}

/** How the fake answers the next sends: the code and Meta's error body to fail with, or nothing for success. */
export type SendFailure = { status: number; code: number; message: string };

/**
 * A local fake of Meta's Graph API on 127.0.0.1 (no test reaches the internet): it takes messages
 * and marketing messages (answering a wamid of its own), lists the business account's templates,
 * and serves media by id. Everything it is sent is kept in `calls`.
 */
export async function startFakeGraphApi() {
  const calls: GraphCall[] = [];
  const media = new Map<string, { bytes: Buffer; type: string }>();
  let templates: FakeTemplate[] = [];
  const failures: SendFailure[] = [];
  let sent = 0;
  const listeners = new Set<(call: GraphCall) => void>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const call: GraphCall = {
        method: request.method ?? 'GET',
        path: url.pathname,
        authorization: request.headers.authorization,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
        at: performance.now(),
      };
      calls.push(call);
      for (const listener of listeners) listener(call);
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${TOKEN}`)
        return json(401, { error: { message: 'Invalid OAuth access token', code: 190 } });
      const parts = url.pathname.split('/').filter(Boolean);
      if (request.method === 'POST' && parts[1] === PHONE_NUMBER_ID && (parts[2] === 'messages' || parts[2] === 'marketing_messages')) {
        const failure = failures.shift();
        if (failure) return json(failure.status, { error: { message: failure.message, code: failure.code } });
        sent += 1;
        return json(200, { messaging_product: 'whatsapp', messages: [{ id: `wamid.fake-${sent}` }] });
      }
      if (request.method === 'GET' && parts[1] === BUSINESS_ACCOUNT_ID && parts[2] === 'message_templates')
        return json(200, { data: templates });
      if (request.method === 'GET' && parts[0] === 'files' && media.has(parts[1]!)) {
        const file = media.get(parts[1]!)!;
        response.writeHead(200, { 'Content-Type': file.type });
        return response.end(file.bytes);
      }
      if (request.method === 'GET' && parts.length === 2 && media.has(parts[1]!)) {
        const file = media.get(parts[1]!)!;
        return json(200, { url: `${origin}/files/${parts[1]}`, mime_type: file.type, file_size: file.bytes.length, id: parts[1] });
      }
      json(404, { error: { message: 'Unknown path', code: 100 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    graphUrl: `${origin}/v23.0`,
    /** The variables a server needs to use this fake. */
    env: {
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_TOKEN: TOKEN,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      WHATSAPP_BUSINESS_ACCOUNT_ID: BUSINESS_ACCOUNT_ID,
      WHATSAPP_GRAPH_URL: `${origin}/v23.0`,
    },
    calls,
    /** The messages sent, as Meta received them. */
    sends: () => calls.filter((call) => call.method === 'POST'),
    /** Resolves with the next send to arrive. */
    nextSend: () =>
      new Promise<GraphCall>((resolve) => {
        const listener = (call: GraphCall) => {
          if (call.method !== 'POST') return;
          listeners.delete(listener);
          resolve(call);
        };
        listeners.add(listener);
      }),
    setTemplates: (list: FakeTemplate[]) => {
      templates = list;
    },
    addMedia: (id: string, bytes: Buffer, type: string) => media.set(id, { bytes, type }),
    /** The next sends fail, in order, with these. */
    failNext: (...list: SendFailure[]) => failures.push(...list),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeGraphApi = Awaited<ReturnType<typeof startFakeGraphApi>>;

/** A fake for each test of the file, closed after it. */
export function useFakeGraphApi() {
  const started: FakeGraphApi[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((fake) => fake.close()));
  });
  return async () => {
    const fake = await startFakeGraphApi();
    started.push(fake);
    return fake;
  };
}

/** Meta's signature header of a raw body under the app secret. */
export const signatureOf = (body: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const seconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

/** A webhook post of Meta's shape with these changes' values (messages, statuses, contacts) for the firm's number. */
export function webhookBody(...values: Record<string, unknown>[]): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: BUSINESS_ACCOUNT_ID,
        changes: values.map((value) => ({
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '912406600000', phone_number_id: PHONE_NUMBER_ID },
            ...value,
          },
        })),
      },
    ],
  });
}

/** One incoming message's change value: from a number (wa_id, digits without +) and/or a BSUID alone. */
export function incomingValue(options: {
  wamid: string;
  at: string;
  waId?: string;
  userId?: string;
  name?: string;
  text?: string;
  image?: { id: string; mime: string; caption?: string };
  document?: { id: string; mime: string; filename: string };
}): Record<string, unknown> {
  const message: Record<string, unknown> = {
    id: options.wamid,
    timestamp: seconds(options.at),
    ...(options.waId && { from: options.waId }),
    ...(options.userId && { from_user_id: options.userId }),
  };
  if (options.image)
    Object.assign(message, {
      type: 'image',
      image: { id: options.image.id, mime_type: options.image.mime, caption: options.image.caption },
    });
  else if (options.document)
    Object.assign(message, {
      type: 'document',
      document: { id: options.document.id, mime_type: options.document.mime, filename: options.document.filename },
    });
  else Object.assign(message, { type: 'text', text: { body: options.text ?? '' } });
  return {
    contacts: [
      {
        profile: { name: options.name ?? 'Sunita' },
        ...(options.waId && { wa_id: options.waId }),
        ...(options.userId && { user_id: options.userId }),
      },
    ],
    messages: [message],
  };
}

/** One status change's value: what became of a message the firm sent. */
export function statusValue(options: {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: string;
  waId?: string;
  error?: string;
}) {
  return {
    statuses: [
      {
        id: options.wamid,
        status: options.status,
        timestamp: seconds(options.at),
        recipient_id: options.waId ?? '919876543210',
        ...(options.error && { errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: options.error } }] }),
      },
    ],
  };
}
