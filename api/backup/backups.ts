import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { BackupConfig } from '../config';
import { copyStore } from '../store/copyStore';
import { FileStore } from '../store/file/FileStore';
import { PgStore } from '../store/pg/PgStore';
import { DAY_MS } from '../jobs/retention';
import { isRunning } from '../store/file/dataDirLock';
import { writeDurably } from '../store/file/durableJsonFile';
import { DIR_MODE } from '../store/file/segmentedRecords';
import type { Store } from '../store/Store';
import { BackupError, readArchive, writeArchive, type Counts, type Manifest, type Part } from './archive';
import { SECRETS_KEY_FILE, type SecretsKey } from '../secrets/secretsKey';
import {
  countsOfFiles,
  FILE_STORE_VERSION,
  intoPlace,
  isEmptyFolder,
  restoreDataDir,
  sealedWithOfFiles,
  snapshotDataDir,
} from './fileBackup';
import { checkDump, DUMP_PART, dumpDatabase, emptyDatabase, isEmptyDatabase, restoreDatabase } from './pgBackup';

/** An archive's name says when it was made, so names sort oldest first. */
const ARCHIVE = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.vfbackup$/;
const nameFor = (at: Date) => `backup-${at.toISOString().replace(/[:.]/g, '-')}.vfbackup`;

/** What a store holds, read through the store interface: what a restore reports. */
export async function storeCounts(store: Store): Promise<Counts> {
  const [enquiries, requests, accounts, audit, pages] = await Promise.all([
    store.enquiries.list({ limit: 1 }),
    store.people.listRequests({ limit: 1 }),
    store.accounts.list(),
    store.audit.list({ limit: 1 }),
    store.pages.pageStates(),
  ]);
  return {
    enquiries: enquiries.total,
    privacyRequests: requests.total,
    accounts: accounts.length,
    audit: audit.total,
    pages: pages.length,
  };
}

export const describeCounts = (counts: Counts) =>
  `${counts.enquiries} enquiries, ${counts.privacyRequests} privacy requests, ${counts.accounts} accounts, ${counts.audit} audit entries, ${counts.pages} edited content files`;

/** Where a backup comes from or a restore goes: the file store's folder, or a PostgreSQL database. */
export type StoreLocation = { dataDir: string } | { databaseUrl: string };

export const locationOf = (config: { dataDir: string; databaseUrl?: string | undefined }): StoreLocation =>
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };

/**
 * Writes one archive of the store into the backup folder (private to this user): under a
 * hidden temporary name first, flushed, then renamed, so an archive cut short (kill -9, a full
 * disk) never looks complete. Then only the newest `keep` archives stay.
 */
export async function makeBackup(from: StoreLocation, config: BackupConfig, at: Date): Promise<{ file: string; manifest: Manifest }> {
  const taken =
    'databaseUrl' in from
      ? { store: 'postgres' as const, ...(await dumpDatabase(from.databaseUrl)) }
      : await snapshotDataDir(from.dataDir).then(async (parts) => ({
          store: 'file' as const,
          parts,
          counts: await countsOfFiles(parts),
          version: FILE_STORE_VERSION,
          secretsKeyCheck: sealedWithOfFiles(parts),
        }));
  const { bytes, manifest } = await writeArchive(
    {
      store: taken.store,
      createdAt: at.toISOString(),
      version: taken.version,
      counts: taken.counts,
      ...(taken.secretsKeyCheck && { secretsKeyCheck: taken.secretsKeyCheck }),
    },
    taken.parts,
    config.key,
  );
  mkdirSync(config.dir, { recursive: true, mode: DIR_MODE });
  const file = path.join(config.dir, nameFor(at));
  await writeDurably(file, bytes);
  rotate(config);
  return { file, manifest };
}

/** The newest complete archive in the folder: when it was made, its name and size. */
export function newestBackup(dir: string): { at: Date; file: string; bytes: number } | undefined {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => ARCHIVE.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const file = names.sort().at(-1);
  if (!file) return undefined;
  const [, date, hours, minutes, seconds, ms] = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(file)!;
  return { at: new Date(`${date}T${hours}:${minutes}:${seconds}.${ms}Z`), file, bytes: statSync(path.join(dir, file)).size };
}

/**
 * Deletes all but the newest `keep` archives, and temporary files left by a backup that was
 * cut short; a backup still running (its process alive) keeps its own.
 */
function rotate(config: BackupConfig): void {
  const names = readdirSync(config.dir);
  const archives = names.filter((name) => ARCHIVE.test(name)).sort();
  // Another backup may be rotating at the same moment: an archive already gone is fine.
  for (const name of archives.slice(0, Math.max(0, archives.length - config.keep))) rmSync(path.join(config.dir, name), { force: true });
  for (const name of names) {
    const writer = /^\.backup-.*\.(\d+)\.\d+\.tmp$/.exec(name)?.[1];
    if (!writer) continue;
    const file = path.join(config.dir, name);
    // A container's server is often pid 1 after every restart: a day-old temporary file is left over whoever "runs".
    const abandoned = !isRunning(Number(writer)) || (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < Date.now() - DAY_MS;
    if (abandoned) rmSync(file, { force: true });
  }
}

/**
 * Every check a restore makes, without writing anything: the archive (length, key, tag, each
 * part's checksum), the secrets key its store's secrets were sealed with, then the file store's
 * counts against the manifest, or the database dump read through by pg_restore.
 */
export async function verifyBackup(
  file: string,
  key: Buffer | undefined,
  secrets: SecretsKey | undefined,
): Promise<{ manifest: Manifest; parts: Part[]; encrypted: boolean }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const archive = await readArchive(bytes, key);
  const { manifest, parts } = archive;
  if (manifest.secretsKeyCheck && !secrets)
    throw new BackupError(
      `This archive's authenticator secrets are sealed with its server's secrets key, which backups never carry. Set SECRETS_KEY to that key, or put the ${SECRETS_KEY_FILE} kept from that server into DATA_DIR, then try again. Nothing was changed.`,
    );
  if (manifest.secretsKeyCheck && secrets && manifest.secretsKeyCheck !== secrets.check)
    throw new BackupError(
      `The secrets key given (SECRETS_KEY, or DATA_DIR/${SECRETS_KEY_FILE}) is not the one this archive's secrets were sealed with: its authenticator codes would not work. Give the key of the server the archive came from. Nothing was changed.`,
    );
  if (manifest.store === 'file' && manifest.version === FILE_STORE_VERSION) {
    const counted = await countsOfFiles(parts);
    if (!isDeepStrictEqual(counted, manifest.counts))
      throw new BackupError(
        `The archive is damaged: it holds ${describeCounts(counted)}, but its manifest says ${describeCounts(manifest.counts)}.`,
      );
  } else if (manifest.store === 'postgres' && parts.length === 1 && parts[0]!.name === DUMP_PART) {
    await checkDump(parts[0]!.data);
  } else {
    throw new BackupError(`The archive holds a ${manifest.store} store (${manifest.version}), which this version cannot restore.`);
  }
  return archive;
}

/** Opens the store at `location` and hands it to `use`, closing it after. */
async function withStore<T>(location: StoreLocation, use: (store: Store) => Promise<T>): Promise<T> {
  const store = 'databaseUrl' in location ? await PgStore.open(location.databaseUrl, 4) : await FileStore.open(location.dataDir);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

/**
 * Restores an archive into an empty store after every check of verifyBackup, then opens the
 * restored store and reads back what it holds. A file-store archive goes into a file store as
 * its files, or into PostgreSQL through the store interface; a PostgreSQL archive goes into
 * PostgreSQL with pg_restore, or into a file store through `via`, an empty database it is
 * restored into on the way and copied out of through the store interface.
 */
export async function restoreBackup(
  file: string,
  key: Buffer | undefined,
  secrets: SecretsKey | undefined,
  into: StoreLocation,
  via?: string,
): Promise<Counts> {
  const empty = 'databaseUrl' in into ? await isEmptyDatabase(into.databaseUrl) : isEmptyFolder(into.dataDir);
  if (!empty)
    throw new BackupError(
      'databaseUrl' in into
        ? 'The database at DATABASE_URL already has tables: restore into an empty database only. Nothing was changed.'
        : `${into.dataDir} is not empty: restore into an empty DATA_DIR only. Nothing was changed.`,
    );
  const { parts, manifest } = await verifyBackup(file, key, secrets);
  if (manifest.store === 'postgres' && !('databaseUrl' in into)) {
    if (!via)
      throw new BackupError(
        'This archive holds a PostgreSQL database. To restore it into DATA_DIR, set RESTORE_VIA_DATABASE_URL to an empty database it can be unpacked into on the way (it is emptied again afterwards). Nothing was changed.',
      );
    if (!(await isEmptyDatabase(via)))
      throw new BackupError('The database at RESTORE_VIA_DATABASE_URL already has tables: name an empty one. Nothing was changed.');
  }
  // Whatever fails on the way, the target is left as empty as it was found, so the restore can be tried again.
  try {
    return await restoreInto(into, parts, manifest, via);
  } catch (error) {
    if ('databaseUrl' in into) await emptyDatabase(into.databaseUrl);
    throw error;
  }
}

/** The writing half of restoreBackup, once every check has passed and the target is known to be empty. */
async function restoreInto(into: StoreLocation, parts: Part[], manifest: Manifest, via: string | undefined): Promise<Counts> {
  if ('databaseUrl' in into) {
    if (manifest.store === 'postgres') await restoreDatabase(parts[0]!.data, into.databaseUrl);
    else {
      // Unpacked as a file store in a private folder of its own, copied across, and removed: it holds every enquiry.
      const scratch = mkdtempSync(path.join(os.tmpdir(), 'restore-files-'));
      try {
        await restoreDataDir(parts, path.join(scratch, 'data'));
        await withStore({ dataDir: path.join(scratch, 'data') }, (from) => withStore(into, (to) => copyStore(from, to)));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }
  } else if (manifest.store === 'postgres') {
    try {
      await restoreDatabase(parts[0]!.data, via!);
      await intoPlace(into.dataDir, (staging) =>
        withStore({ databaseUrl: via! }, (from) => withStore({ dataDir: staging }, (to) => copyStore(from, to))),
      );
    } finally {
      // It held every enquiry: nothing of them stays behind in it.
      await emptyDatabase(via!);
    }
  } else {
    await restoreDataDir(parts, into.dataDir);
  }
  const counts = await withStore(into, storeCounts);
  if (!isDeepStrictEqual(counts, manifest.counts))
    throw new BackupError(
      `The restored store holds ${describeCounts(counts)}, not the ${describeCounts(manifest.counts)} its manifest lists.`,
    );
  return counts;
}
