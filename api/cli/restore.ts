import { describeCounts, locationOf, restoreBackup } from '../backup/backups';
import { readConfig } from '../config';
import { findSecretsKey } from '../secrets/secretsKey';

/**
 * `npm run restore -- FILE`: restores an archive into an empty DATA_DIR (but for the secrets key
 * put there for it), or an empty database at DATABASE_URL, after every check (the backup key,
 * the secrets key, checksums, counts) has passed; a store that is not empty, or a faulty
 * archive, changes nothing. A PostgreSQL archive goes into DATA_DIR by way of
 * the empty database at RESTORE_VIA_DATABASE_URL.
 */
const file = process.argv[2];
if (!file) {
  console.error('Name the archive to restore: npm run restore -- FILE');
  process.exit(2);
}
// Stopped half-way, a restore would leave copies of the data in temporary places: the first
// Ctrl-C lets it finish or undo its work; a second one stops it at once.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error('The restore is finishing, or undoing what it wrote; it stops in a moment. Press Ctrl-C again to stop at once.');
  });
try {
  const config = readConfig(process.env, '');
  const secrets = findSecretsKey(config.secretsKey, config.dataDir)?.key;
  const counts = await restoreBackup(file, config.backup.key, secrets, locationOf(config), config.backup.restoreVia);
  console.log(`Restored into ${config.databaseUrl ? 'the database at DATABASE_URL' : config.dataDir}: ${describeCounts(counts)}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
