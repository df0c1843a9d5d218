import { systemClock, type Clock } from '../clock';
import type { Config } from '../config';
import { FileStore } from './file/FileStore';
import { PgStore } from './pg/PgStore';
import type { Store } from './Store';

/** PostgreSQL when DATABASE_URL is set (several instances can share it); otherwise the JSON files in DATA_DIR. Records are stamped with `clock`. */
export function openStore(config: Config, clock: Clock = systemClock): Promise<Store> {
  return config.databaseUrl ? PgStore.open(config.databaseUrl, config.databasePoolSize, clock) : FileStore.open(config.dataDir, clock);
}
