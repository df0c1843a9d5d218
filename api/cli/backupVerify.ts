import { describeCounts, verifyBackup } from '../backup/backups';
import { readConfig } from '../config';
import { findSecretsKey } from '../secrets/secretsKey';

/** `npm run backup:verify -- FILE`: every check of a restore, writing nothing; exits 1 when the archive cannot be restored. */
const file = process.argv[2];
if (!file) {
  console.error('Name the archive to check: npm run backup:verify -- FILE');
  process.exit(2);
}
try {
  const config = readConfig(process.env, '');
  const { manifest, encrypted } = await verifyBackup(file, config.backup.key, findSecretsKey(config.secretsKey, config.dataDir)?.key);
  console.log(
    `${file} is sound (${encrypted ? 'encrypted' : 'not encrypted'}, made ${manifest.createdAt}): ${describeCounts(manifest.counts)}.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
