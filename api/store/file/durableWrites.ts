import { createHash } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** The file operations a durable write needs; tests pass a recording wrapper around the real ones. */
export interface DurableFs {
  open: typeof open;
  rename: typeof rename;
  unlink: typeof unlink;
}

export const nodeFs: DurableFs = { open, rename, unlink };
/** Only the server's user may read what visitors sent. */
export const FILE_MODE = 0o600;
/** Temporary files left by a crash hold enquiry data too; the store removes them at start. */
export const TEMP_FILE = /\.tmp$/;
let temporaries = 0;

/**
 * Writes a file so that it survives a power cut once this resolves: the text goes to a
 * temporary file that is flushed to the disk, renamed over the file, and then the folder
 * itself is flushed, so the rename is on the disk too. A crash at any point leaves either
 * the old file or the new one, never half of one.
 */
export async function writeDurably(file: string, text: string | Uint8Array, fs: DurableFs = nodeFs, mode = FILE_MODE): Promise<void> {
  // Hidden, so that a content folder read meanwhile (or after a crash) does not take it for content.
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${(temporaries += 1)}.tmp`);
  try {
    const handle = await fs.open(temporary, 'w', mode);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncFolder(path.dirname(file), fs);
}

/** Flushes a folder, so a file made or renamed in it is on the disk too. */
async function syncFolder(dir: string, fs: DurableFs): Promise<void> {
  const folder = await fs.open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/**
 * Adds text to the end of a file (made if missing) so that it survives a power cut once this
 * resolves; the folder is flushed too, for a file the append made. A write that fails part-way
 * is cut off again, so the file never keeps half of what was added.
 */
export async function appendDurably(file: string, text: string, fs: DurableFs = nodeFs, mode = FILE_MODE): Promise<void> {
  const handle = await fs.open(file, 'a', mode);
  try {
    const { size } = await handle.stat();
    try {
      await handle.writeFile(text);
      await handle.sync();
    } catch (error) {
      await handle.truncate(size).catch(() => undefined);
      throw error;
    }
  } finally {
    await handle.close();
  }
  await syncFolder(path.dirname(file), fs);
}

/** A fingerprint of a file's text, to tell whether the file still holds what was last written (fileTransaction.ts). */
export const fingerprintOf = (text: string): string => createHash('sha256').update(text).digest('hex');
