import os from 'node:os';
import { describeCounts, locationOf, makeBackup } from '../backup/backups';
import { readConfig } from '../config';

/**
 * `npm run backup`: one archive of the store (the file store in DATA_DIR, or the database at
 * DATABASE_URL with pg_dump), written into BACKUP_DIR while the server keeps running, encrypted
 * with BACKUP_KEY when it is set; the newest BACKUP_KEEP archives are kept.
 */
// Below the server in the CPU's queue: on a small machine, visitors' requests come first.
os.setPriority(19);
try {
  const config = readConfig(process.env, '');
  const { file, manifest } = await makeBackup(locationOf(config), config.backup, new Date());
  console.log(`Wrote ${file} (${config.backup.key ? 'encrypted' : 'NOT encrypted: set BACKUP_KEY'}): ${describeCounts(manifest.counts)}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
