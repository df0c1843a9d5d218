import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { FILE_MODE } from './durableWrites';

export interface DataDirLock {
  release(): void;
}

const RETRY_MS = 20;
const MAX_TRIES = 500;

/** Whether a process with this id runs (on this machine). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function owner(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Creates `file` holding our pid, or fails with EEXIST: the content is written before the name appears (link), so nobody reads half a lock. */
function create(file: string): boolean {
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, String(process.pid), { mode: FILE_MODE });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * An exclusive lock file naming the process that holds it. A lock left by a process that
 * no longer runs (after kill -9) is taken over, and only one process can do that: it must
 * first hold the lock `<file>.takeover-<dead pid>` (taken the same way), and it removes the
 * stale lock only if it still names that dead process. Two servers starting together on
 * one folder therefore never both write to it.
 */
export function acquireLock(file: string, heldBy: (pid: number) => Error): DataDirLock {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    if (create(file)) return { release: () => owner(file) === process.pid && rmSync(file, { force: true }) };
    const pid = owner(file);
    if (pid === undefined) continue; // removed between our attempt and the read: try again at once
    // Our own pid can only be left over from an earlier run (containers reuse pids), never a live rival.
    if (pid !== process.pid && isRunning(pid)) throw heldBy(pid);
    let takeover: DataDirLock;
    try {
      takeover = acquireLock(`${file}.takeover-${pid}`, () => new Error('taken'));
    } catch {
      pause(RETRY_MS); // another process is taking the stale lock over; see who wins
      continue;
    }
    try {
      if (owner(file) === pid) rmSync(file, { force: true });
    } finally {
      takeover.release();
    }
  }
  throw new Error(`Could not take the lock ${file}; remove it by hand if no server is running.`);
}

/** The JSON files may have only one writer process. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  return acquireLock(
    `${dataDir}/server.lock`,
    (pid) =>
      new Error(
        `Another server process (pid ${pid}) is already using ${dataDir}. The file store serves one process only; use DATABASE_URL to run several.`,
      ),
  );
}
