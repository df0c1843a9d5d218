import { makeBackup, describeCounts } from '../backup/backups';
import { readConfig } from '../config';

/**
 * `npm run backup`: one archive of the file store in DATA_DIR, written into BACKUP_DIR while
 * the server keeps running, encrypted with BACKUP_KEY when it is set; the newest BACKUP_KEEP
 * archives are kept.
 */
try {
  const config = readConfig(process.env, '');
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: this version backs up the file store only. Back up the PostgreSQL database with pg_dump (see the README, "Running on PostgreSQL").',
    );
    process.exit(2);
  }
  const { file, manifest } = await makeBackup(config.dataDir, config.backup, new Date());
  console.log(`Wrote ${file} (${config.backup.key ? 'encrypted' : 'NOT encrypted: set BACKUP_KEY'}): ${describeCounts(manifest.counts)}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
