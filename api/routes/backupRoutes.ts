import { Hono } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import type { BackupStatus } from '../../src/shared/backupStatus';
import { newestBackup } from '../backup/backups';
import type { ServerContext } from '../context';
import { accountReady, ownerOnly, type SessionEnv } from '../middleware/requireSession';

/** A backup older than this is worth a warning on the dashboard. */
const STALE_MS = 2 * 24 * 60 * 60 * 1000;

/** The newest backup in BACKUP_DIR, whoever made it (the server's schedule or `npm run backup`); owners only. */
export function backupRoutes({ store, config, clock }: ServerContext) {
  return new Hono<SessionEnv>().get(ADMIN_API.backups, ...accountReady(store, config, clock), ownerOnly('see the backups'), (c) => {
    const newest = newestBackup(config.backup.dir);
    const status: BackupStatus = {
      last: newest ? { at: newest.at.toISOString(), file: newest.file, bytes: newest.bytes } : null,
      stale: !newest || clock.now() - newest.at.getTime() > STALE_MS,
      everyHours: config.backup.everyMs === undefined ? null : config.backup.everyMs / 3_600_000,
      encrypted: config.backup.key !== undefined,
    };
    return c.json(status);
  });
}
