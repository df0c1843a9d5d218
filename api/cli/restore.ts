import { describeCounts, restoreBackup } from '../backup/backups';
import { readConfig } from '../config';

/**
 * `npm run restore -- FILE`: restores an archive into an empty DATA_DIR, after every check
 * (key, checksums, counts) has passed; a non-empty DATA_DIR or a faulty archive changes nothing.
 */
const file = process.argv[2];
if (!file) {
  console.error('Name the archive to restore: npm run restore -- FILE');
  process.exit(2);
}
try {
  const config = readConfig(process.env, '');
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: this version restores into the file store (DATA_DIR) only. Unset DATABASE_URL to restore into DATA_DIR.',
    );
    process.exit(2);
  }
  const counts = await restoreBackup(file, config.backup.key, config.dataDir);
  console.log(`Restored into ${config.dataDir}: ${describeCounts(counts)}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
