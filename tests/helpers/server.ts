import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CONTENT_CHECK_CACHE } from '../../api/site/contentChecks';
import { TEST_CLOCK } from '../../api/testClock';
import { serverClockOf, type ServerClock } from './serverClock';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');
/**
 * What the content check learnt of pages-data/ with this build, made once by the tests' global setup
 * (builtServerSetup.ts). Every server a test starts begins with a copy in its data folder, so its start
 * costs reading it, not a check of the whole site (the server ignores a copy made by another build).
 */
export const SEEDED_CHECK_CACHE = path.join(ROOT, 'dist/tests', CONTENT_CHECK_CACHE);

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Every line the server printed, for assertions on its log. */
  output: string[];
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<number | null>;
  /** SIGKILL: the crash tests' kill -9. */
  kill(): Promise<void>;
  /** The server's test clock; only for a server started with `clock` (tests/helpers/serverClock.ts says how it moves). */
  clock: ServerClock;
}

export interface ServerOptions {
  dataDir?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** Runs the server on the test clock, standing at this moment (ISO 8601) or at the time it starts (`now`), until the test moves it. */
  clock?: string;
  /** Outlives the test file, until its worker ends: the browser tests' shared sites (tests/helpers/site.ts). */
  keep?: boolean;
}

export function tempDataDir(prefix = 'msme-data-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Starts the built production server (dist/server/main.js) as a real process on a free
 * loopback port, with its own data folder, and resolves once it is listening.
 */
/**
 * Every server the helper started and that has not exited yet, so none outlives its test file
 * (stopServers.ts), or its worker for those kept across files (`keep`, the browser tests' shared sites).
 * On globalThis: a worker that runs several files without isolation evaluates this module once per file.
 */
const started: Map<ChildProcess, { keep: boolean; dataDir: string }> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('msme.tests.startedServers')
] ??= new Map()) as Map<ChildProcess, { keep: boolean; dataDir: string }>;
if (!(globalThis as Record<symbol, unknown>)[Symbol.for('msme.tests.workerEnd')]) {
  (globalThis as Record<symbol, unknown>)[Symbol.for('msme.tests.workerEnd')] = true;
  // A test worker that ends (or crashes) takes its servers with it, and the kept ones' data.
  process.once('exit', () => {
    for (const [child, { keep, dataDir }] of started) {
      child.kill('SIGKILL');
      if (keep) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  });
  // Vitest ends a worker with SIGTERM, which would otherwise end it without its 'exit' event.
  process.once('SIGTERM', () => process.exit(143));
}

/** Stops every server this test file started and did not stop itself (a test that failed before its own stop), but those kept for the worker. */
export async function stopStartedServers(): Promise<void> {
  await Promise.all(
    [...started]
      .filter(([, { keep }]) => !keep)
      .map(
        ([child]) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
  );
}

/** How long a start may take: on a two-core machine busy with other suites, a minute and more. */
const START_LIMIT_MS = 120_000;

export function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const cache = path.join(dataDir, CONTENT_CHECK_CACHE);
  if (existsSync(SEEDED_CHECK_CACHE) && existsSync(dataDir) && !existsSync(cache)) copyFileSync(SEEDED_CHECK_CACHE, cache);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      // The server runs React's production build whatever this says (api/production.ts); `test` allows the test clock.
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ENQUIRY_RATE_LIMIT: '0',
      // Tests sign in with a password alone unless they test the second factor (tests/server/secondFactor.test.ts).
      ADMIN_MFA: 'optional',
      // Beside the data, never the checkout's own backups/ folder, which a developer may use for real.
      BACKUP_DIR: `${dataDir}.backups`,
      ...(options.clock ? { [TEST_CLOCK]: options.clock } : {}),
      ...options.env,
    },
    // The test clock is moved through the IPC channel Node opens to the child.
    stdio: ['ignore', 'pipe', 'pipe', ...(options.clock ? (['ipc'] as const) : [])],
  });
  started.set(child, { keep: options.keep ?? false, dataDir });
  child.once('exit', () => started.delete(child));
  const output: string[] = [];
  let stopping = false;
  let clock: ServerClock | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      // A server that dies on its own is a finding: show what it said last.
      if (!stopping && output.some((line) => line.includes('"msg":"listening"'))) {
        console.error(`Server on ${dataDir} exited unexpectedly (code ${code}, signal ${signal}):\n${output.slice(-30).join('\n')}`);
      }
      resolve(code);
    }),
  );
  // Piped, as asked above (the IPC channel, when there is one, comes after them).
  const [stdout, stderr] = [child.stdout!, child.stderr!];
  for (const stream of [stdout, stderr]) createInterface({ input: stream }).on('line', (line) => output.push(line));

  return new Promise((resolve, reject) => {
    // It checks the files every page is drawn with before it listens; with the suite's files running side by side that can take a while.
    // A server that does not listen in time is stopped, so that it outlives neither the test nor the run.
    const timer = setTimeout(() => {
      stopping = true;
      child.kill('SIGKILL');
      reject(new Error(`Server did not start within ${START_LIMIT_MS / 1000} s:\n${output.join('\n')}`));
    }, START_LIMIT_MS);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with code ${code} before listening:\n${output.join('\n')}`));
    });
    createInterface({ input: stdout }).on('line', (line) => {
      const match = /"msg":"listening","url":"([^"]+)"/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
        dataDir,
        process: child,
        output,
        stop: async () => {
          stopping = true;
          child.kill('SIGTERM');
          return exited;
        },
        kill: async () => {
          stopping = true;
          child.kill('SIGKILL');
          await exited;
        },
        get clock(): ServerClock {
          if (!options.clock)
            throw new Error('This server was started without a test clock: startServer({ clock: "now" }) runs it on one.');
          return (clock ??= serverClockOf(child));
        },
      });
    });
  });
}

/** A copy of pages-data/, as a deploy puts it on a server; its path is added to `folders`, for the test file to remove. */
export function deployedCopy(folders: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pages-deployed-'));
  cpSync(path.join(ROOT, 'pages-data'), dir, { recursive: true });
  folders.push(dir);
  return dir;
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
