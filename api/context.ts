import type { Clock } from './clock';
import type { Config } from './config';
import type { Outbox } from './jobs/outbox';
import type { SecurityNotice } from './notify/securityNotice';
import type { SecretsKey } from './secrets/secretsKey';
import type { ContentPublisher } from './site/contentPublisher';
import type { SiteService } from './site/siteService';
import type { Store } from './store/Store';
import type { WhatsApp } from './jobs/whatsapp';

/**
 * What every group of routes may use: the store, the site's content, the settings, the time, the
 * outbox of notifications, the page publisher, the key secrets are sealed with, and the e-mail
 * that tells the owners of a change to an account's sign-in security.
 */
export interface ServerContext {
  store: Store;
  site: SiteService;
  config: Config;
  clock: Clock;
  outbox: Outbox;
  /** The page editor's publishing: what the site is built from, and how it changes. */
  publisher: ContentPublisher;
  secrets: SecretsKey;
  securityNotice: SecurityNotice;
  /** The firm's WhatsApp number through the Cloud API, when WHATSAPP_ is set up. */
  whatsapp: WhatsApp | undefined;
}
