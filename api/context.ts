import type { Clock } from './clock';
import type { Config } from './config';
import type { Outbox } from './notify/outbox';
import type { ContentPublisher } from './site/contentPublisher';
import type { SiteService } from './site/siteService';
import type { Store } from './store/Store';

/** What every group of routes may use: the store, the site's content, the settings, the time, the outbox of notifications and the page publisher. */
export interface ServerContext {
  store: Store;
  site: SiteService;
  config: Config;
  clock: Clock;
  outbox: Outbox;
  /** The page editor's publishing: what the site is built from, and how it changes. */
  publisher: ContentPublisher;
}
