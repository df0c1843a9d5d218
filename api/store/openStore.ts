import type { Config } from '../config';
import { FileStore } from './file/FileStore';
import { PgStore } from './pg/PgStore';
import type { Store } from './Store';

/** PostgreSQL when DATABASE_URL is set (several instances can share it); otherwise the JSON files in DATA_DIR. */
export function openStore(config: Config): Promise<Store> {
  return config.databaseUrl ? PgStore.open(config.databaseUrl, config.databasePoolSize) : FileStore.open(config.dataDir);
}
