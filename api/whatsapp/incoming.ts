import { DOCUMENT_KINDS } from '../../src/shared/documents';
import type { WhatsAppMessage } from '../../src/shared/whatsapp';
import type { Clock } from '../clock';
import { sniffDocument } from '../documents/documentKind';
import { DamagedFileError, stripMetadata } from '../documents/stripMetadata';
import type { SecretsKey } from '../secrets/secretsKey';
import type { Store } from '../store/Store';
import type { NewIncoming, WebhookPost } from '../store/WhatsAppStore';
import { ProviderError, type IncomingMessage, type WhatsAppProvider } from './provider';

/** A post is read again for this long while a status names a message whose sending is not recorded yet, or a file cannot be fetched. */
const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
const RETRY_MAX_DELAY_MS = 60 * 60 * 1000;

/** What reading a post needs: the store, the provider, the key files are sealed with, the statuses an enquiry is closed in. */
export interface Reading {
  store: Store;
  provider: WhatsAppProvider;
  secrets: SecretsKey;
  clock: Clock;
  finalStatuses: () => readonly string[];
  retryBaseMs: number;
  /** Told of each message taken, once (the advisor's notice, a STOP). */
  taken?: (message: WhatsAppMessage) => Promise<void>;
  log: (fields: Record<string, unknown>) => void;
}

/** The context a file is sealed under: its message's wamid, so sealed bytes copied onto another message do not open. */
export const mediaContext = (wamid: string) => `whatsapp-media:${wamid}`;

/**
 * Reads one webhook post, as the outbox took it in: each message kept once (with its picture or
 * document fetched, stripped and sealed), each status moved forward. The post is forgotten once
 * read; read again later while a status names a message whose sending is not recorded yet (its
 * answer from WhatsApp can come after the status) or a file could not be fetched for now.
 */
export async function readPost(reading: Reading, post: WebhookPost): Promise<void> {
  const { store, provider, clock, log } = reading;
  let body: unknown;
  try {
    body = JSON.parse(post.body);
  } catch {
    log({ level: 'error', msg: 'whatsapp post is not JSON; dropped', post: post.id });
    await store.whatsapp.donePost(post.id);
    return;
  }
  let again = false;
  for (const event of provider.eventsOf(body)) {
    if (event.type === 'status') {
      if (!(await store.whatsapp.recordStatus(event.wamid, event.state, event.at, event.error))) again = true;
      continue;
    }
    if (await store.whatsapp.knows(event.wamid)) continue;
    const media = await mediaOf(reading, event);
    if (media === 'later') {
      again = true;
      continue;
    }
    const taken = await store.whatsapp.addIncoming({ ...incomingOf(event), ...media }, reading.finalStatuses());
    if (taken.taken) await reading.taken?.(taken.message);
  }
  const since = Date.parse(post.receivedAt);
  if (!again || clock.now() - since > RETRY_FOR_MS) {
    if (again) log({ level: 'warn', msg: 'whatsapp post given up after a day', post: post.id });
    await store.whatsapp.donePost(post.id);
    return;
  }
  const attempts = post.attempts + 1;
  await store.whatsapp.retryPost(post.id, attempts, clock.now() + Math.min(reading.retryBaseMs * 2 ** (attempts - 1), RETRY_MAX_DELAY_MS));
}

const incomingOf = ({ type: _, media: __, ...event }: IncomingMessage): NewIncoming => event;

/**
 * A picture's or a document's bytes, fetched from WhatsApp: kept when they are a PDF, JPEG, PNG or
 * WebP (what the upload page takes), photos without their location and camera details, sealed
 * with the secrets key; otherwise the message is kept with the reason it has no file. 'later'
 * when WhatsApp could not give it for now.
 */
async function mediaOf(reading: Reading, event: IncomingMessage): Promise<Pick<NewIncoming, 'media' | 'error'> | 'later'> {
  if (!event.media) return {};
  let fetched;
  try {
    fetched = await reading.provider.media(event.media.id);
  } catch (error) {
    if (error instanceof ProviderError && error.retry) return 'later';
    return { error: `The file could not be fetched from WhatsApp: ${(error as Error).message}` };
  }
  const sniffed = sniffDocument(fetched.bytes);
  if (!('type' in sniffed))
    return {
      error: `The desk keeps PDFs and photos only (${Object.values(DOCUMENT_KINDS)
        .map((kind) => kind.label)
        .join(', ')}): ask for one of those.`,
    };
  let bytes: Buffer;
  try {
    bytes = stripMetadata(sniffed.type, fetched.bytes);
  } catch (error) {
    if (!(error instanceof DamagedFileError)) throw error;
    return { error: 'The file is damaged and was not kept: ask for it again.' };
  }
  return {
    media: {
      type: sniffed.type,
      bytes: bytes.length,
      ...(event.media.name !== undefined && { name: event.media.name }),
      data: reading.secrets.encrypt(bytes, mediaContext(event.wamid)),
    },
  };
}
