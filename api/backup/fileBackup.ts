import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FIRST_PASSWORD_FILE } from '../auth/bootstrapAdmin';
import { SECRETS_KEY_FILE } from '../secrets/secretsKey';
import { TEMP_FILE, writeDurably } from '../store/file/durableWrites';
import { DIR_MODE } from '../store/file/segmentedRecords';
import type { Counts, Part } from './archive';

/** The file store's layout, as its version in a manifest: a restore knows what it holds. */
export const FILE_STORE_VERSION = 'file store 1';

// pages.json names page revisions that are written before it names them: read first, every
// revision it names is then in the snapshot too.
const FIRST = ['pages.json'];
const LOCK = /^server\.lock/;
/**
 * Never in an archive: the key the secrets are sealed with (an archive holding it would hold
 * them in clear, in effect), and the first owner's generated password.
 */
export const NEVER_BACKED_UP = new Set([SECRETS_KEY_FILE, FIRST_PASSWORD_FILE]);

function listFiles(dataDir: string): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !TEMP_FILE.test(entry.name) && !LOCK.test(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => !NEVER_BACKED_UP.has(name))
    .sort((a, b) => Number(!FIRST.includes(a)) - Number(!FIRST.includes(b)) || a.localeCompare(b));
}

/**
 * Every file of the file store as it is on disk now, while the server keeps writing. The store
 * replaces each file whole (a temporary file renamed over it) and flushes an enquiry to the
 * disk before acknowledging it, so each file read is a complete version and no enquiry
 * acknowledged before the snapshot began is missing; nothing waits for the backup.
 */
export async function snapshotDataDir(dataDir: string): Promise<Part[]> {
  const parts: Part[] = [];
  for (const name of listFiles(dataDir)) {
    try {
      parts.push({ name, data: await readFile(path.join(dataDir, name)) });
    } catch (error) {
      // Only temporary files come and go; a file that vanished was one.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return parts;
}

const records = (part: Part) => (JSON.parse(part.data.toString('utf8')) as { records: unknown[] }).records.length;

/**
 * What the file store's parts hold, counted from the files themselves, one file per turn of the
 * event loop: a server backing itself up keeps answering between them.
 */
export async function countsOfFiles(parts: readonly Part[]): Promise<Counts> {
  const counts: Counts = { enquiries: 0, privacyRequests: 0, accounts: 0, audit: 0, pages: 0 };
  for (const part of parts) {
    await new Promise((resolve) => setImmediate(resolve));
    if (/^enquiries\/[^/]+\/\d+\.json$/.test(part.name)) counts.enquiries += records(part);
    else if (/^privacy-requests\/\d+\.json$/.test(part.name)) counts.privacyRequests += records(part);
    else if (/^audit\/\d+\.json$/.test(part.name)) counts.audit += records(part);
    else if (part.name === 'security.json')
      counts.accounts = (JSON.parse(part.data.toString('utf8')) as { accounts: unknown[] }).accounts.length;
    else if (part.name === 'pages.json')
      counts.pages = Object.keys((JSON.parse(part.data.toString('utf8')) as { files: object }).files).length;
  }
  return counts;
}

/**
 * A folder that is missing or holds nothing but the secrets key (put there first, so the
 * restored store opens with the key its secrets were sealed with).
 */
export function isEmptyFolder(dir: string): boolean {
  try {
    return readdirSync(dir).every((name) => name === SECRETS_KEY_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** The secrets key check a file store's security.json records, if any. */
export function sealedWithOfFiles(parts: readonly Part[]): string | undefined {
  const security = parts.find((part) => part.name === 'security.json');
  return security ? (JSON.parse(security.data.toString('utf8')) as { secretsKeyCheck?: string }).secretsKeyCheck : undefined;
}

/**
 * Fills a folder beside `dataDir` with `fill`, then puts it in place of `dataDir` (which must be
 * empty): a restore cut short never leaves a DATA_DIR that looks whole, and a failed one leaves
 * no copy of the data behind.
 */
export async function intoPlace(dataDir: string, fill: (staging: string) => Promise<unknown>): Promise<void> {
  if (!isEmptyFolder(dataDir)) throw new Error(`${dataDir} is not empty: a backup is restored into an empty folder only.`);
  const staging = `${dataDir}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: DIR_MODE });
  // A secrets key put in place for the restore stays with the data it opens, and is put back if the restore fails.
  const key = path.join(dataDir, SECRETS_KEY_FILE);
  const stagedKey = path.join(staging, SECRETS_KEY_FILE);
  let keyMoved = false;
  try {
    await fill(staging);
    if (existsSync(key)) {
      renameSync(key, stagedKey);
      keyMoved = true;
    }
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(staging, dataDir);
  } catch (error) {
    if (keyMoved) {
      mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
      renameSync(stagedKey, key);
    }
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Writes the parts into `dataDir`, which must be empty, each file flushed to the disk. */
export function restoreDataDir(parts: readonly Part[], dataDir: string): Promise<void> {
  return intoPlace(dataDir, async (staging) => {
    for (const part of parts) {
      const target = path.join(staging, ...part.name.split('/'));
      if (!target.startsWith(`${staging}${path.sep}`)) throw new Error(`The archive names a file outside the data folder: ${part.name}`);
      mkdirSync(path.dirname(target), { recursive: true, mode: DIR_MODE });
      await writeDurably(target, part.data);
    }
  });
}
