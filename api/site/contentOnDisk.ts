import { mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { writeDurably } from '../store/file/durableJsonFile';

/** Content files are readable by the web server's user and whoever deploys, as a checkout's are. */
const CONTENT_FILE_MODE = 0o644;

/**
 * Writes published files and uploaded pictures into PAGES_DIR (or, with null, removes them),
 * each atomically, for a developer to commit. The store stays the record if this fails, so a
 * failure is logged, not thrown.
 */
export async function writeContentToDisk(
  pagesDir: string,
  changes: ReadonlyMap<string, string | Buffer | null>,
  log: (fields: Record<string, unknown>) => void,
): Promise<void> {
  for (const [name, content] of changes) {
    const target = path.join(pagesDir, name);
    try {
      if (content === null) {
        await unlink(target).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
        const folder = await open(path.dirname(target), 'r');
        await folder.sync().finally(() => folder.close());
      } else {
        await mkdir(path.dirname(target), { recursive: true });
        await writeDurably(target, content, undefined, CONTENT_FILE_MODE);
      }
    } catch (error) {
      log({ level: 'error', msg: 'could not write a published file into PAGES_DIR', file: name, error: (error as Error).message });
    }
  }
}
