import os from 'node:os';
import { describeCounts, locationOf, makeBackup } from '../backup/backups';
import { readConfig } from '../config';

/**
 * `npm run backup`: one archive of the store (the file store in DATA_DIR, or the database at
 * DATABASE_URL with pg_dump), written into BACKUP_DIR while the server keeps running, encrypted
 * with BACKUP_KEY; the newest BACKUP_KEEP archives are kept. Without BACKUP_KEY it writes
 * nothing unless asked to with --unencrypted: an archive in clear holds every enquiry.
 */
// Below the server in the CPU's queue: on a small machine, visitors' requests come first.
os.setPriority(19);
try {
  const config = readConfig(process.env, '');
  if (!config.backup.key && !process.argv.includes('--unencrypted')) {
    console.error(
      'BACKUP_KEY is not set, so the archive would not be encrypted: anyone who gets a copy could read every enquiry in it. Make a key with `openssl rand -hex 32`, keep it apart from the backups, and set BACKUP_KEY; or, to write an unencrypted archive anyway, run `npm run backup -- --unencrypted`.',
    );
    process.exit(2);
  }
  const { file, manifest } = await makeBackup(locationOf(config), config.backup, new Date());
  console.log(
    `Wrote ${file} (${config.backup.key ? 'encrypted' : 'NOT encrypted, as --unencrypted asked: set BACKUP_KEY'}): ${describeCounts(manifest.counts)}.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
