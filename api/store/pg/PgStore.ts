import { logLine } from '../../../src/shared/logLine';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import { migrate } from './pgMigrations';
import type {
  AdminCredential,
  Channel,
  DeliveryState,
  DueDelivery,
  Notifications,
  Session,
  Store,
  StoredEnquiry,
  WindowCount,
} from '../Store';

interface EnquiryRow {
  id: string;
  created_at: Date;
  fields: Record<string, string>;
  notifications?: Notifications | null;
}

function toEnquiry(row: EnquiryRow): StoredEnquiry {
  return {
    _id: row.id,
    createdAt: row.created_at.toISOString(),
    ...row.fields,
    ...(row.notifications && { notifications: row.notifications }),
  };
}

/** Each enquiry's deliveries as { channel: state }, in the shape the file store keeps. */
const NOTIFICATIONS = `(
  SELECT jsonb_object_agg(d.channel, jsonb_build_object(
    'status', d.status, 'attempts', d.attempts,
    'nextAttemptAt', (extract(epoch FROM d.next_attempt_at) * 1000)::bigint, 'lastError', d.last_error))
  FROM deliveries d WHERE d.enquiry_id = e.id) AS notifications`;

/**
 * The store on PostgreSQL, for several server processes sharing one database. Every
 * query is parameterised; sessions and rate-limit windows expire by comparing times in
 * SQL, so no single instance has to sweep them; a 200 follows the committed INSERT.
 */
export class PgStore implements Store {
  private constructor(private readonly pool: pg.Pool) {}

  static async open(databaseUrl: string, poolSize: number): Promise<PgStore> {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    // An idle client that loses its connection must not crash the server; the next query reconnects.
    pool.on('error', (error) => console.error(logLine({ level: 'error', msg: 'database connection lost', error: error.message })));
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end();
      throw new Error(`Could not prepare the database at DATABASE_URL: ${(error as Error).message}`);
    }
    return new PgStore(pool);
  }

  async addEnquiry(kind: FormKind, fields: Record<string, string>, channels: Channel[] = []): Promise<StoredEnquiry> {
    // One statement: the enquiry and its pending notifications commit together or not at all.
    const { rows } = await this.pool.query<EnquiryRow>(
      `WITH e AS (INSERT INTO enquiries (id, kind, created_at, fields) VALUES ($1, $2, now(), $3) RETURNING id, created_at, fields),
            d AS (INSERT INTO deliveries (enquiry_id, channel, next_attempt_at) SELECT e.id, channel, e.created_at FROM e, unnest($4::text[]) AS channel)
       SELECT id, created_at, fields FROM e`,
      [randomUUID(), kind, fields, channels],
    );
    const record = toEnquiry(rows[0]!);
    if (channels.length) {
      const now = Date.parse(record.createdAt);
      record.notifications = Object.fromEntries(
        channels.map((channel) => [channel, { status: 'pending', attempts: 0, nextAttemptAt: now }]),
      );
    }
    return record;
  }

  /** Copies an enquiry kept elsewhere (the file store), keeping its id and time; false if it was already here. */
  async importEnquiry(kind: FormKind, { _id, createdAt, notifications: _notSent, ...fields }: StoredEnquiry): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'INSERT INTO enquiries (id, kind, created_at, fields) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
      [_id, kind, createdAt, fields],
    );
    return rowCount === 1;
  }

  async listEnquiries(kind: FormKind): Promise<StoredEnquiry[]> {
    const { rows } = await this.pool.query<EnquiryRow>(
      `SELECT e.id, e.created_at, e.fields, ${NOTIFICATIONS} FROM enquiries e WHERE e.kind = $1 ORDER BY e.created_at DESC, e.seq DESC`,
      [kind],
    );
    return rows.map(toEnquiry);
  }

  async deleteEnquiry(kind: FormKind, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM enquiries WHERE kind = $1 AND id = $2', [kind, id]);
    return rowCount === 1;
  }

  async countInWindow(key: string, windowMs: number, add = 1): Promise<WindowCount> {
    // One statement, so two instances counting at once never lose an event.
    const { rows } =
      add > 0
        ? await this.pool.query<{ count: number; started_at: Date }>(
            `INSERT INTO windows (key, started_at, count) VALUES ($1, now(), $3)
             ON CONFLICT (key) DO UPDATE SET
               started_at = CASE WHEN windows.started_at + make_interval(secs => $2 / 1000.0) <= now() THEN now() ELSE windows.started_at END,
               count = CASE WHEN windows.started_at + make_interval(secs => $2 / 1000.0) <= now() THEN $3 ELSE windows.count + $3 END
             RETURNING count, started_at`,
            [key, windowMs, add],
          )
        : await this.pool.query<{ count: number; started_at: Date }>(
            'SELECT count, started_at FROM windows WHERE key = $1 AND started_at + make_interval(secs => $2 / 1000.0) > now()',
            [key, windowMs],
          );
    const row = rows[0];
    return row ? { count: row.count, resetAt: row.started_at.getTime() + windowMs } : { count: 0, resetAt: Date.now() + windowMs };
  }

  async getAdmin(): Promise<AdminCredential | undefined> {
    const { rows } = await this.pool.query<{ username: string; password_hash: string }>('SELECT username, password_hash FROM admin');
    return rows[0] && { username: rows[0].username, passwordHash: rows[0].password_hash };
  }

  async setAdmin(admin: AdminCredential): Promise<void> {
    await this.pool.query(
      `INSERT INTO admin (singleton, username, password_hash) VALUES (true, $1, $2)
       ON CONFLICT (singleton) DO UPDATE SET username = excluded.username, password_hash = excluded.password_hash`,
      [admin.username, admin.passwordHash],
    );
  }

  async createSession(tokenHash: string, session: Session): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE expires_at <= now()');
    await this.pool.query('INSERT INTO sessions (token_hash, username, expires_at) VALUES ($1, $2, $3)', [
      tokenHash,
      session.username,
      new Date(session.expiresAt),
    ]);
  }

  async getSession(tokenHash: string): Promise<Session | undefined> {
    const { rows } = await this.pool.query<{ username: string; expires_at: Date }>(
      'SELECT username, expires_at FROM sessions WHERE token_hash = $1 AND expires_at > now()',
      [tokenHash],
    );
    return rows[0] && { username: rows[0].username, expiresAt: rows[0].expires_at.getTime() };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async deleteSessionsExcept(tokenHash?: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash IS DISTINCT FROM $1', [tokenHash ?? null]);
  }

  async claimDueDeliveries(limit: number, leaseMs: number): Promise<DueDelivery[]> {
    // SKIP LOCKED: two instances polling at once each take different rows, never the same one.
    const { rows } = await this.pool.query<EnquiryRow & { kind: FormKind; channel: Channel; attempts: number }>(
      `WITH due AS (
         SELECT enquiry_id, channel FROM deliveries
         WHERE status = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE deliveries d SET claimed_until = now() + make_interval(secs => $2 / 1000.0)
         FROM due WHERE d.enquiry_id = due.enquiry_id AND d.channel = due.channel
         RETURNING d.enquiry_id, d.channel, d.attempts)
       SELECT e.kind, e.id, e.created_at, e.fields, claimed.channel, claimed.attempts
       FROM claimed JOIN enquiries e ON e.id = claimed.enquiry_id`,
      [limit, leaseMs],
    );
    return rows.map((row) => ({ kind: row.kind, channel: row.channel, attempts: row.attempts, enquiry: toEnquiry(row) }));
  }

  async recordDelivery(_kind: FormKind, id: string, channel: Channel, state: DeliveryState): Promise<void> {
    await this.pool.query(
      `UPDATE deliveries SET status = $3, attempts = $4, next_attempt_at = $5, last_error = $6, claimed_until = NULL
       WHERE enquiry_id = $1 AND channel = $2`,
      [id, channel, state.status, state.attempts, new Date(state.nextAttemptAt), state.lastError ?? null],
    );
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
