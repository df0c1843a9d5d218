import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PgStore } from '../../api/store/pg/PgStore';
import { createDatabase, startPostgres } from '../helpers/postgres';
import { ROOT, startServer, type RunningServer } from '../helpers/server';
import { machineLine, measure, seedFileStore, seedPostgres, table, writeSection } from './benchTools';

/**
 * `npm run bench` (fourth part): backups with 1,00,000 enquiries stored, on the file store and
 * on PostgreSQL: how long `npm run backup` and `npm run restore` take (each a process of its
 * own, as an operator runs them), the archive's size, and what a backup does to enquiry POSTs
 * at 20 connections, against the same load without one. Loopback only; figures, not assertions.
 */
const STORED = 100_000;
const LOAD = { connections: 20, seconds: 15 };
const run = promisify(execFile);
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const KEY = randomBytes(32).toString('hex');
const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function command(script: 'backup' | 'restore', env: Record<string, string>, ...args: string[]): Promise<number> {
  const started = performance.now();
  await run(TSX, [path.join(ROOT, `api/cli/${script}.ts`), ...args], { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 1 << 20 });
  return performance.now() - started;
}

/** The load alone, then the same load with a backup started a second in. */
async function underLoad(server: RunningServer, storeEnv: Record<string, string>, backupDir: string) {
  const url = `${server.url}/addcontactdata`;
  const alone = await measure('alone', STORED, url, LOAD);
  const env = { ...storeEnv, BACKUP_DIR: backupDir, BACKUP_KEY: KEY };
  const [during, backupMs] = await Promise.all([
    measure('during', STORED, url, LOAD),
    new Promise((resolve) => setTimeout(resolve, 1000)).then(() => command('backup', env)),
  ]);
  const archive = readdirSync(backupDir).find((name) => name.endsWith('.vfbackup'))!;
  return { alone, during, backupMs, archive: path.join(backupDir, archive) };
}

const rows: (string | number)[][] = [];
const selfRows: (string | number)[][] = [];
const work = mkdtempSync(path.join(os.tmpdir(), 'backup-bench-'));
const postgres = await startPostgres();
try {
  for (const kind of ['file store', 'PostgreSQL'] as const) {
    const dataDir = path.join(work, `${kind === 'file store' ? 'files' : 'pg'}-data`);
    let storeEnv: Record<string, string>;
    let restoreEnv: Record<string, string>;
    if (kind === 'file store') {
      seedFileStore(dataDir, STORED);
      storeEnv = { DATA_DIR: dataDir };
      restoreEnv = { DATA_DIR: path.join(work, 'restored-files') };
    } else {
      const databaseUrl = await createDatabase(postgres.url);
      await (await PgStore.open(databaseUrl, 1)).close();
      await seedPostgres(databaseUrl, STORED);
      storeEnv = { DATABASE_URL: databaseUrl };
      restoreEnv = { DATABASE_URL: await createDatabase(postgres.url) };
    }
    const server = await startServer({ dataDir, env: storeEnv });
    let result;
    try {
      result = await underLoad(server, storeEnv, path.join(work, `${kind}-backups`));
    } finally {
      await server.stop();
    }
    const restoreMs = await command('restore', { ...restoreEnv, BACKUP_KEY: KEY }, result.archive);
    // The server backing itself up, as often as it can (every 2 s), under the same load.
    const ownDir = path.join(work, `${kind}-own-backups`);
    const busy = await startServer({
      dataDir,
      env: { ...storeEnv, BACKUP_DIR: ownDir, BACKUP_KEY: KEY, BACKUP_KEEP: '1000', BACKUP_EVERY_HOURS: String(2 / 3600) },
    });
    let own;
    try {
      own = await measure('by itself', STORED, `${busy.url}/addcontactdata`, LOAD);
    } finally {
      await busy.stop();
    }
    selfRows.push([
      kind,
      readdirSync(ownDir).filter((name) => name.endsWith('.vfbackup')).length,
      own.p99,
      own.max,
      own.requestsPerSecond,
      own.non2xx + own.errors,
    ]);
    rows.push([
      kind,
      seconds(result.backupMs),
      seconds(restoreMs),
      (statSync(result.archive).size / 1024 / 1024).toFixed(1),
      `${result.alone.p99} / ${result.during.p99}`,
      `${result.alone.max} / ${result.during.max}`,
      `${result.alone.requestsPerSecond} / ${result.during.requestsPerSecond}`,
      result.during.non2xx + result.during.errors,
    ]);
    console.log(kind, rows.at(-1));
  }
} finally {
  postgres.stop();
  rmSync(work, { recursive: true, force: true });
}

writeSection(
  'bench:backup',
  `Measured ${machineLine()}; \`npm run bench\`, ${STORED.toLocaleString('en-IN')} enquiries stored, archives encrypted. Backup and restore are the whole \`npm run backup\` / \`npm run restore\` process (about a second of it is starting tsx). The load is ${LOAD.connections} connections posting enquiries for ${LOAD.seconds} s, alone and then with a backup started one second in.

${table(['Store', 'Backup (s)', 'Restore (s)', 'Archive (MB)', 'POST p99 ms, alone / during backup', 'Slowest POST ms, alone / during', 'POSTs per second, alone / during', 'Failed POSTs during'], rows)}

The server backing itself up (\`BACKUP_EVERY_HOURS\` set to 2 seconds, far more often than anyone would) under the same load:

${table(['Store', 'Archives written in the run', 'POST p99 ms', 'Slowest POST ms', 'POSTs per second', 'Failed POSTs'], selfRows)}`,
);
