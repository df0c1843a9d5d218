import type { Clock } from './clock';
import type { Config } from './config';
import type { Outbox } from './notify/outbox';
import type { Store } from './store/Store';

/** What every group of routes may use: the store, the settings, the time, and the outbox of notifications. */
export interface ServerContext {
  store: Store;
  config: Config;
  clock: Clock;
  outbox: Outbox;
}
