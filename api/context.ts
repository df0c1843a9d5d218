import type { Clock } from './clock';
import type { Config } from './config';
import type { Outbox } from './notify/outbox';
import type { SiteService } from './site/siteService';
import type { Store } from './store/Store';

/** What every group of routes may use: the store, the site's content, the settings, the time, and the outbox of notifications. */
export interface ServerContext {
  store: Store;
  site: SiteService;
  config: Config;
  clock: Clock;
  outbox: Outbox;
}
