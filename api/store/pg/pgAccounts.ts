import type pg from 'pg';
import type { Account, AccountChange, Session } from '../Store';
import type { Clock } from '../../clock';
import { UsernameTakenError } from '../storeErrors';

interface AccountRow {
  id: string;
  username: string;
  role: Account['role'];
  password_hash: string;
  must_change_password: boolean;
  created_at: Date;
}

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  username: row.username,
  role: row.role,
  passwordHash: row.password_hash,
  ...(row.must_change_password && { mustChangePassword: true }),
  createdAt: row.created_at.toISOString(),
});

const UNIQUE_VIOLATION = '23505';

/** Staff accounts, their sessions and trusted devices, on PostgreSQL. */
export class PgAccounts {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  async list(): Promise<Account[]> {
    const { rows } = await this.pool.query<AccountRow>('SELECT * FROM accounts ORDER BY created_at, username');
    return rows.map(toAccount);
  }

  async find(username: string): Promise<Account | undefined> {
    const { rows } = await this.pool.query<AccountRow>('SELECT * FROM accounts WHERE lower(username) = lower($1)', [username]);
    return rows[0] && toAccount(rows[0]);
  }

  async get(id: string): Promise<Account | undefined> {
    const { rows } = await this.pool.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
    return rows[0] && toAccount(rows[0]);
  }

  async add(account: Account): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO accounts (id, username, role, password_hash, must_change_password, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [account.id, account.username, account.role, account.passwordHash, account.mustChangePassword ?? false, account.createdAt],
    );
    return rowCount === 1;
  }

  async update(id: string, change: AccountChange, endSessions?: { keepSession?: string }): Promise<Account | undefined> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<AccountRow>(
        `UPDATE accounts SET username = coalesce($2, username), role = coalesce($3, role), password_hash = coalesce($4, password_hash),
           must_change_password = coalesce($5, must_change_password)
         WHERE id = $1 RETURNING *`,
        [id, change.username ?? null, change.role ?? null, change.passwordHash ?? null, change.mustChangePassword ?? null],
      );
      if (rows[0] && endSessions) {
        await client.query('DELETE FROM sessions WHERE account_id = $1 AND token_hash IS DISTINCT FROM $2', [
          id,
          endSessions.keepSession ?? null,
        ]);
      }
      await client.query('COMMIT');
      return rows[0] && toAccount(rows[0]);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new UsernameTakenError(change.username ?? '');
      throw error;
    } finally {
      client.release();
    }
  }

  async remove(id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM accounts WHERE id = $1', [id]);
    return rowCount === 1;
  }

  async createSession(tokenHash: string, session: Session): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE expires_at <= $1', [this.now()]);
    await this.pool.query('INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ($1, $2, $3)', [
      tokenHash,
      session.accountId,
      new Date(session.expiresAt),
    ]);
  }

  async getSession(tokenHash: string): Promise<Session | undefined> {
    const { rows } = await this.pool.query<{ account_id: string; expires_at: Date }>(
      'SELECT account_id, expires_at FROM sessions WHERE token_hash = $1 AND expires_at > $2',
      [tokenHash, this.now()],
    );
    return rows[0] && { accountId: rows[0].account_id, expiresAt: rows[0].expires_at.getTime() };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async addTrustedDevice(tokenHash: string, device: Session): Promise<void> {
    await this.pool.query('DELETE FROM trusted_devices WHERE expires_at <= $1', [this.now()]);
    await this.pool.query('INSERT INTO trusted_devices (token_hash, account_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      tokenHash,
      device.accountId,
      new Date(device.expiresAt),
    ]);
  }

  async isTrustedDevice(tokenHash: string, accountId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'SELECT 1 FROM trusted_devices WHERE token_hash = $1 AND account_id = $2 AND expires_at > $3',
      [tokenHash, accountId, this.now()],
    );
    return rowCount === 1;
  }
}
