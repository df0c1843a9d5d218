import type pg from 'pg';
import { MIGRATIONS } from './migrations/index';

/** Any fixed number shared by every instance: the advisory lock that serialises start-ups. */
const MIGRATION_LOCK = 727_001;

/**
 * Brings the database up to date (or up to `upTo`, for tests of an upgrade). Safe when
 * several instances start at once: they take turns. The schema is numbered steps in
 * migrations/, one file each. Each runs once, in order, inside a transaction; a step is never
 * changed in what it does after release, only followed by a new one. (Step 3's keys are
 * written by the functions the stores use, to say the same thing.)
 */
export async function migrate(pool: pg.Pool, upTo = Infinity): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const migration of MIGRATIONS.filter((step) => !done.has(step.version) && step.version <= upTo)) {
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
        await client.query('COMMIT');
        applied.push(migration.version);
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
