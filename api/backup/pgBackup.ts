import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError, type Counts, type Part } from './archive';

const run = promisify(execFile);
export const DUMP_PART = 'database.dump';

/** Where PostgreSQL's programs are: PG_BIN, then Debian's /usr/lib/postgresql/<version>/bin, newest first. */
export function postgresBinFolders(env: NodeJS.ProcessEnv): string[] {
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  return [env.PG_BIN, ...debian].filter((dir): dir is string => !!dir);
}

/** PostgreSQL's own tools: in those folders, or on the PATH. */
function findTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv): string {
  const folders = [...postgresBinFolders(env), ...(env.PATH ?? '').split(path.delimiter)].filter(Boolean);
  const found = folders.map((dir) => path.join(dir, name)).find((file) => existsSync(file));
  if (!found)
    throw new BackupError(
      `${name} was not found (looked in PG_BIN, /usr/lib/postgresql/*/bin and the PATH). Install PostgreSQL's client tools (Debian: apt-get install postgresql-client), or set PG_BIN to the folder that holds ${name}.`,
    );
  return found;
}

/** The tool, refused when it is older than the database server: an older pg_dump cannot read a newer server. */
async function toolFor(name: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<string> {
  const tool = findTool(name, process.env);
  const { stdout } = await run(tool, ['--version']);
  const major = Number(/(\d+)(?:\.\d+)*/.exec(stdout)?.[1]);
  if (!(major >= serverMajor))
    throw new BackupError(
      `${tool} is version ${major}, older than the database server (${serverMajor}). Install postgresql-client-${serverMajor} or newer, or set PG_BIN to its folder.`,
    );
  return tool;
}

/** The connection as PostgreSQL's tools read it: from the environment, so the password never shows in a process list. */
function toolEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  return {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname) || 'localhost',
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    ...(url.searchParams.get('sslmode') && { PGSSLMODE: url.searchParams.get('sslmode')! }),
  };
}

const COUNTS_SQL = `SELECT
  (SELECT count(*) FROM enquiries)::int AS enquiries,
  (SELECT count(*) FROM privacy_requests)::int AS "privacyRequests",
  (SELECT count(*) FROM accounts)::int AS accounts,
  (SELECT count(*) FROM audit)::int AS audit,
  (SELECT count(*) FROM page_files)::int AS pages`;

async function serverMajor(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ version: number }>("SELECT current_setting('server_version_num')::int AS version");
  return Math.floor(rows[0]!.version / 10_000);
}

/**
 * A pg_dump in its custom format, with the counts and the migration it was taken at read in
 * the same snapshot: the database keeps taking enquiries, and the counts match the dump exactly.
 */
export async function dumpDatabase(
  databaseUrl: string,
): Promise<{ parts: Part[]; counts: Counts; version: string; secretsKeyCheck: string | undefined }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tool = await toolFor('pg_dump', await serverMajor(client));
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: snapshot } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const { rows: counted } = await client.query<Counts>(COUNTS_SQL);
    const { rows: migrated } = await client.query<{ version: number }>('SELECT max(version) AS version FROM schema_migrations');
    const secretsKeyCheck = await sealedWith(client);
    const { stdout } = await run(tool, ['--format=custom', `--snapshot=${snapshot[0]!.id}`], {
      env: toolEnv(databaseUrl),
      encoding: 'buffer',
      maxBuffer: 4 * 1024 ** 3,
    });
    await client.query('COMMIT');
    return {
      parts: [{ name: DUMP_PART, data: stdout }],
      counts: counted[0]!,
      version: `postgres migration ${migrated[0]!.version}`,
      secretsKeyCheck,
    };
  } finally {
    await client.end();
  }
}

/** The check of the secrets key the database's secrets are sealed with; none before migration 12, or before any was sealed. */
async function sealedWith(client: pg.ClientBase): Promise<string | undefined> {
  const { rows: table } = await client.query<{ found: string | null }>("SELECT to_regclass('secrets_key')::text AS found");
  if (!table[0]!.found) return undefined;
  const { rows } = await client.query<{ key_check: string }>('SELECT key_check FROM secrets_key');
  return rows[0]?.key_check;
}

/** Runs pg_restore on the dump, kept for the moment in a private temporary file. */
async function withDumpFile<T>(dump: Buffer, use: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'restore-'));
  try {
    const file = path.join(dir, DUMP_PART);
    writeFileSync(file, dump, { mode: 0o600 });
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pg_restore reads the dump's table of contents: a dump it cannot read is refused before anything is written. */
export async function checkDump(dump: Buffer): Promise<void> {
  const tool = findTool('pg_restore', process.env);
  await withDumpFile(dump, async (file) => {
    try {
      await run(tool, ['--list', file]);
    } catch (error) {
      throw new BackupError(
        `The archive's database dump cannot be read by pg_restore: ${(error as { stderr?: string }).stderr?.trim() ?? ''}`,
      );
    }
  });
}

/** A database with no table of its own: the only kind a backup is restored into. */
export async function isEmptyDatabase(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.tables === 0;
  } finally {
    await client.end();
  }
}

/** Drops everything a restore put in the database, leaving it as empty as it was. */
export async function emptyDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

/** Restores the dump into the (empty) database, all or nothing. */
export async function restoreDatabase(dump: Buffer, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let tool: string;
  try {
    tool = await toolFor('pg_restore', await serverMajor(client));
  } finally {
    await client.end();
  }
  await withDumpFile(dump, async (file) => {
    try {
      // One transaction: a restore that fails part-way leaves the database as empty as it was.
      await run(tool, ['--no-owner', '--no-privileges', '--single-transaction', `--dbname=${toolEnv(databaseUrl).PGDATABASE}`, file], {
        env: toolEnv(databaseUrl),
      });
    } catch (error) {
      throw new BackupError(`pg_restore failed: ${(error as { stderr?: string }).stderr?.trim() ?? (error as Error).message}`);
    }
  });
}
