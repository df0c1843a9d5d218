import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresBinFolders } from '../../api/backup/pgBackup';
import { freePort } from './freePort';

/**
 * A throwaway PostgreSQL cluster for the tests: initdb in a temporary folder, started on
 * a free loopback port, removed afterwards. It uses the server binaries of Debian's
 * `postgresql` package (or PG_BIN). As root (CI), the cluster runs as the postgres user,
 * since PostgreSQL refuses to run as root.
 */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = postgresBinFolders(env);
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')));
  if (found) return found;
  throw new Error(
    [
      'No PostgreSQL server binaries found for the database tests. Looked at:',
      ...(candidates.length ? candidates.map((dir) => `  ${dir}`) : ['  /usr/lib/postgresql/*/bin']),
      'Install them and run the tests again:',
      '  Debian/Ubuntu:  sudo apt-get install postgresql',
      '  or point PG_BIN at the folder holding initdb and pg_ctl.',
    ].join('\n'),
  );
}

export async function startPostgres(): Promise<{ url: string; dataDir: string; stop: () => void }> {
  const bin = findPostgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const full = asRoot
      ? (['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] as const)
      : ([path.join(bin, command), args] as const);
    const result = spawnSync(full[0], full[1], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    // Nothing of a throwaway cluster must outlive a crash of the machine, so no write waits for the disk;
    // the servers under test crash (kill -9), never PostgreSQL, and what they committed stays committed.
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir: data,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database in the test cluster, so test files never see each other's rows. */
export async function createDatabase(clusterUrl: string): Promise<string> {
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.href;
}
