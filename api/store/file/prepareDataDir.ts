import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FILE_MODE, TEMP_FILE } from './durableWrites';
import { DIR_MODE } from './segmentedRecords';

/**
 * Makes DATA_DIR private to the server's user (folders 0700, files 0600, also for folders
 * made by an older version) and removes temporary files a crash left behind: they hold
 * enquiries that were never acknowledged, or copies of ones since erased.
 */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  const visit = (dir: string) => {
    chmodSync(dir, DIR_MODE);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (TEMP_FILE.test(entry.name)) rmSync(full, { force: true });
      else if (entry.isFile()) chmodSync(full, FILE_MODE);
    }
  };
  visit(dataDir);
}
