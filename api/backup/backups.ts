import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { BackupConfig } from '../config';
import { FileStore } from '../store/file/FileStore';
import { writeDurably } from '../store/file/durableJsonFile';
import { DIR_MODE } from '../store/file/recordShelf';
import type { Store } from '../store/Store';
import { BackupError, readArchive, writeArchive, type Counts, type Manifest, type Part } from './archive';
import { countsOfFiles, FILE_STORE_VERSION, isEmptyFolder, restoreDataDir, snapshotDataDir } from './fileBackup';

/** An archive's name says when it was made, so names sort oldest first. */
const ARCHIVE = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.vfbackup$/;
const nameFor = (at: Date) => `backup-${at.toISOString().replace(/[:.]/g, '-')}.vfbackup`;

/** What a store holds, read through the store interface: what a restore reports. */
export async function storeCounts(store: Store): Promise<Counts> {
  const [enquiries, requests, accounts, audit, pages] = await Promise.all([
    store.listEnquiries({ limit: 1 }),
    store.listPrivacyRequests({ limit: 1 }),
    store.listAccounts(),
    store.listAudit({ limit: 1 }),
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

/**
 * Writes one archive of the file store in `dataDir` into the backup folder (private to this
 * user): under a hidden temporary name first, flushed, then renamed, so an archive cut short
 * (kill -9, a full disk) never looks complete. Then only the newest `keep` archives stay.
 */
export async function makeBackup(dataDir: string, config: BackupConfig, at: Date): Promise<{ file: string; manifest: Manifest }> {
  const parts = await snapshotDataDir(dataDir);
  const { bytes, manifest } = await writeArchive(
    { store: 'file', createdAt: at.toISOString(), version: FILE_STORE_VERSION, counts: countsOfFiles(parts) },
    parts,
    config.key,
  );
  mkdirSync(config.dir, { recursive: true, mode: DIR_MODE });
  const file = path.join(config.dir, nameFor(at));
  await writeDurably(file, bytes);
  rotate(config);
  return { file, manifest };
}

/** Deletes all but the newest `keep` archives, and temporary files an interrupted backup left. */
function rotate(config: BackupConfig): void {
  const names = readdirSync(config.dir);
  const archives = names.filter((name) => ARCHIVE.test(name)).sort();
  for (const name of archives.slice(0, Math.max(0, archives.length - config.keep))) rmSync(path.join(config.dir, name));
  for (const name of names.filter((name) => name.startsWith('.backup-') && name.endsWith('.tmp'))) rmSync(path.join(config.dir, name));
}

/** Every check a restore makes, without writing anything: the archive, its checksums, and the counts against its manifest. */
export async function verifyBackup(
  file: string,
  key: Buffer | undefined,
): Promise<{ manifest: Manifest; parts: Part[]; encrypted: boolean }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const archive = await readArchive(bytes, key);
  if (archive.manifest.store !== 'file' || archive.manifest.version !== FILE_STORE_VERSION)
    throw new BackupError(
      `The archive holds a ${archive.manifest.store} store (${archive.manifest.version}), which this version cannot restore.`,
    );
  const counted = countsOfFiles(archive.parts);
  if (!isDeepStrictEqual(counted, archive.manifest.counts))
    throw new BackupError(
      `The archive is damaged: it holds ${describeCounts(counted)}, but its manifest says ${describeCounts(archive.manifest.counts)}.`,
    );
  return archive;
}

/**
 * Restores an archive into an empty DATA_DIR after every check of verifyBackup, then opens the
 * restored store and reads back what it holds.
 */
export async function restoreBackup(file: string, key: Buffer | undefined, dataDir: string): Promise<Counts> {
  if (!isEmptyFolder(dataDir)) throw new BackupError(`${dataDir} is not empty: restore into an empty DATA_DIR only. Nothing was changed.`);
  const { parts, manifest } = await verifyBackup(file, key);
  await restoreDataDir(parts, dataDir);
  const store = await FileStore.open(dataDir);
  try {
    const counts = await storeCounts(store);
    if (!isDeepStrictEqual(counts, manifest.counts))
      throw new BackupError(
        `The restored store holds ${describeCounts(counts)}, not the ${describeCounts(manifest.counts)} its manifest lists.`,
      );
    return counts;
  } finally {
    await store.close();
  }
}
