import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The JSON files may have only one writer. The lock names the owning process; a lock
 * left by a process that no longer runs (after kill -9, say) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'server.lock');
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return { release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `Another server process (pid ${owner}) is already using ${dataDir}. The file store serves one process only; use DATABASE_URL to run several.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
}
