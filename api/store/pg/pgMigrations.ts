import type pg from 'pg';

/**
 * The database schema, as numbered steps. Each runs once, in order, inside a
 * transaction; a step is never edited after release, only followed by a new one.
 */
const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE enquiries (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('about', 'contact')),
        created_at timestamptz NOT NULL,
        seq bigserial NOT NULL,
        fields jsonb NOT NULL
      );
      -- The two admin lists: one form's enquiries, newest first.
      CREATE INDEX enquiries_newest_first ON enquiries (kind, created_at DESC, seq DESC);

      CREATE TABLE admin (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        username text NOT NULL,
        password_hash text NOT NULL
      );

      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        username text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_expiry ON sessions (expires_at);

      CREATE TABLE windows (
        key text PRIMARY KEY,
        started_at timestamptz NOT NULL,
        count integer NOT NULL
      );
    `,
  },
  {
    version: 2,
    sql: `
      -- The outbox: one row per enquiry and notification channel, written with the enquiry.
      CREATE TABLE deliveries (
        enquiry_id text NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        channel text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_until timestamptz,
        last_error text,
        PRIMARY KEY (enquiry_id, channel)
      );
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
    `,
  },
];

/** Any fixed number shared by every instance: the advisory lock that serialises start-ups. */
const MIGRATION_LOCK = 727_001;

/** Brings the database up to date. Safe when several instances start at once: they take turns. */
export async function migrate(pool: pg.Pool): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const migration of MIGRATIONS.filter((step) => !done.has(step.version))) {
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
