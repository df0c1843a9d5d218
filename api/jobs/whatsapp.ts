import type { Clock } from '../clock';
import { drainOnWake } from '../drainOnWake';
import type { SecretsKey } from '../secrets/secretsKey';
import type { Store } from '../store/Store';
import { readPost, type Reading } from '../whatsapp/incoming';
import { sendMessage } from '../whatsapp/outgoing';
import type { WhatsAppProvider } from '../whatsapp/provider';
import { metaCloudApi } from '../whatsapp/metaCloudApi';
import type { WhatsAppConfig } from '../whatsapp/whatsappConfig';
import type { SiteContent } from '../site/siteContent';

const BATCH = 20;
const LEASE_MS = 60_000;

/** The connection as the routes use it: the provider, and the job that reads posts and sends messages. */
export interface WhatsApp {
  provider: WhatsAppProvider;
  /** Read what came and send what waits, now (after a post, a reply); resolves when that run is over. */
  wake(): Promise<void>;
  /** Stops polling and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * Reads the webhook's posts the outbox took in and sends the messages the desk queued: at once
 * when woken, and every `pollMs` for what is left (posts and messages to try again, messages held
 * until calling hours). What is claimed is leased in the store, so with several instances on
 * PostgreSQL each post and each message is handled by one of them; a restart finds them still there.
 */
export function startWhatsApp(options: {
  store: Store;
  provider: WhatsAppProvider;
  secrets: SecretsKey;
  clock: Clock;
  pollMs: number;
  retryBaseMs: number;
  finalStatuses: () => readonly string[];
  taken?: Reading['taken'];
  log: (fields: Record<string, unknown>) => void;
}): WhatsApp {
  const { store, clock, log } = options;
  const reading: Reading = { ...options };
  const queue = drainOnWake({
    clock,
    pollMs: options.pollMs,
    round: async () => {
      const posts = await store.whatsapp.claimPosts(BATCH, LEASE_MS);
      // In the order they came, so a message is kept before a later post's status of the reply to it.
      for (const post of posts) await readPost(reading, post);
      const due = await store.whatsapp.claimOutgoing(BATCH, LEASE_MS);
      await Promise.all(due.map((message) => sendMessage(options, message)));
      return posts.length === BATCH || due.length === BATCH;
    },
    failed: (error) => log({ level: 'error', msg: 'whatsapp could not read or send', error: error.message }),
  });

  return {
    provider: options.provider,
    wake: () => queue.wake(),
    stop: () => queue.stop(),
  };
}

/** The connection WHATSAPP_ sets up, on Meta's Cloud API, read and sent by the job above; undefined without it. */
export function connectWhatsApp(
  config: WhatsAppConfig | undefined,
  options: Omit<Parameters<typeof startWhatsApp>[0], 'provider' | 'finalStatuses'> & { content: () => SiteContent },
): WhatsApp | undefined {
  if (!config) return undefined;
  return startWhatsApp({
    ...options,
    provider: metaCloudApi(config),
    finalStatuses: () => options.content().workflow.finalStatuses,
  });
}
