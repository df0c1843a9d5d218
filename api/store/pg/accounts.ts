import type pg from 'pg';
import type { DisplayNames } from '../../../src/shared/accounts';
import type {
  Account,
  AccountChange,
  AccountStore,
  SecondFactors,
  Session,
  SessionProof,
  SignedInSession,
  SpentCode,
} from '../AccountStore';
import type { Clock } from '../../clock';
import { LastOwnerError, UsernameTakenError } from '../storeErrors';
import { inTransaction } from './inTransaction';

interface AccountRow {
  id: string;
  username: string;
  role: Account['role'];
  password_hash: string;
  must_change_password: boolean;
  mfa: SecondFactors;
  languages: string[];
  available: boolean;
  email: string | null;
  email_language: string | null;
  display_names: DisplayNames;
  created_at: Date;
}

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  username: row.username,
  role: row.role,
  passwordHash: row.password_hash,
  ...(row.must_change_password && { mustChangePassword: true }),
  ...(Object.keys(row.mfa).length > 0 && { mfa: row.mfa }),
  ...(row.languages.length > 0 && { languages: row.languages }),
  ...(row.available && { available: true }),
  ...(row.email !== null && { email: row.email }),
  ...(row.email_language !== null && { emailLanguage: row.email_language }),
  ...(Object.keys(row.display_names).length > 0 && { displayNames: row.display_names }),
  createdAt: row.created_at.toISOString(),
});

const UNIQUE_VIOLATION = '23505';
/** A time of the store's interface (ms) as a column's value. */
const at = (time: number | undefined) => (time === undefined ? null : new Date(time));

/** Staff accounts, their sessions and trusted devices, on PostgreSQL. */
export class PgAccounts implements AccountStore {
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
      `INSERT INTO accounts (id, username, role, password_hash, must_change_password, mfa, created_at, languages, available, email, email_language,
         display_names)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
      [
        account.id,
        account.username,
        account.role,
        account.passwordHash,
        account.mustChangePassword ?? false,
        account.mfa ?? {},
        account.createdAt,
        account.languages ?? [],
        account.available ?? false,
        account.email ?? null,
        account.emailLanguage ?? null,
        account.displayNames ?? {},
      ],
    );
    return rowCount === 1;
  }

  async update(
    id: string,
    change: AccountChange,
    endSessions?: { keepSession?: string; forgetDevices?: boolean },
  ): Promise<Account | undefined> {
    return this.inTransaction(async (client) => {
      if (change.role !== undefined && change.role !== 'owner') await keepAnOwner(client, id);
      const { rows } = await client.query<AccountRow>(
        `UPDATE accounts SET username = coalesce($2, username), role = coalesce($3, role), password_hash = coalesce($4, password_hash),
           must_change_password = coalesce($5, must_change_password), mfa = coalesce($6, mfa),
           languages = coalesce($7, languages), available = coalesce($8, available),
           email = CASE WHEN $9 THEN $10 ELSE email END, email_language = coalesce($11, email_language),
           display_names = coalesce($12, display_names)
         WHERE id = $1 RETURNING *`,
        [
          id,
          change.username ?? null,
          change.role ?? null,
          change.passwordHash ?? null,
          change.mustChangePassword ?? null,
          change.mfa ?? null,
          change.languages ?? null,
          change.available ?? null,
          change.email !== undefined,
          change.email ?? null,
          change.emailLanguage ?? null,
          change.displayNames ?? null,
        ],
      );
      if (rows[0] && endSessions) {
        await client.query('DELETE FROM sessions WHERE account_id = $1 AND token_hash IS DISTINCT FROM $2', [
          id,
          endSessions.keepSession ?? null,
        ]);
        if (endSessions.forgetDevices) await client.query('DELETE FROM trusted_devices WHERE account_id = $1', [id]);
      }
      return rows[0] && toAccount(rows[0]);
    }, change.username);
  }

  async remove(id: string): Promise<boolean> {
    return this.inTransaction(async (client) => {
      await keepAnOwner(client, id);
      const { rowCount } = await client.query('DELETE FROM accounts WHERE id = $1', [id]);
      return rowCount === 1;
    });
  }

  /** One statement, so two sign-ins spending the same code cannot both succeed. */
  async spendCode(accountId: string, code: SpentCode): Promise<boolean> {
    const { rowCount } =
      'recoveryCode' in code
        ? await this.pool.query(
            `UPDATE accounts SET mfa = jsonb_set(mfa, '{recoveryCodes}', (mfa->'recoveryCodes') - $2::text)
             WHERE id = $1 AND mfa->'recoveryCodes' ? $2`,
            [accountId, code.recoveryCode],
          )
        : await this.pool.query(
            `UPDATE accounts SET mfa = jsonb_set(mfa, '{totpLastStep}', to_jsonb($2::bigint))
             WHERE id = $1 AND mfa <> '{}' AND coalesce((mfa->>'totpLastStep')::bigint, -1) < $2`,
            [accountId, code.totpStep],
          );
    return rowCount === 1;
  }

  private async inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, username?: string): Promise<T> {
    try {
      return await inTransaction(this.pool, work);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new UsernameTakenError(username ?? '');
      throw error;
    }
  }

  async createSession(tokenHash: string, session: SignedInSession): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE expires_at <= $1', [this.now()]);
    await this.pool.query(
      'INSERT INTO sessions (token_hash, account_id, expires_at, last_seen_at, password_at, factor_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [tokenHash, session.accountId, new Date(session.expiresAt), at(session.lastSeenAt), at(session.passwordAt), at(session.factorAt)],
    );
  }

  async getSession(tokenHash: string): Promise<SignedInSession | undefined> {
    const { rows } = await this.pool.query<{
      account_id: string;
      expires_at: Date;
      last_seen_at: Date | null;
      password_at: Date | null;
      factor_at: Date | null;
    }>('SELECT account_id, expires_at, last_seen_at, password_at, factor_at FROM sessions WHERE token_hash = $1 AND expires_at > $2', [
      tokenHash,
      this.now(),
    ]);
    const row = rows[0];
    return (
      row && {
        accountId: row.account_id,
        expiresAt: row.expires_at.getTime(),
        ...(row.last_seen_at && { lastSeenAt: row.last_seen_at.getTime() }),
        ...(row.password_at && { passwordAt: row.password_at.getTime() }),
        ...(row.factor_at && { factorAt: row.factor_at.getTime() }),
      }
    );
  }

  async recordProof(tokenHash: string, proof: SessionProof): Promise<void> {
    await this.pool.query(
      'UPDATE sessions SET password_at = coalesce($2, password_at), factor_at = coalesce($3, factor_at) WHERE token_hash = $1',
      [tokenHash, at(proof.passwordAt), at(proof.factorAt)],
    );
  }

  async secretsKeyCheck(): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ key_check: string }>('SELECT key_check FROM secrets_key');
    return rows[0]?.key_check;
  }

  async recordSecretsKeyCheck(check: string): Promise<string> {
    await this.pool.query('INSERT INTO secrets_key (key_check) VALUES ($1) ON CONFLICT DO NOTHING', [check]);
    return (await this.secretsKeyCheck())!;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async touchSession(tokenHash: string, at: number): Promise<void> {
    await this.pool.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1', [tokenHash, new Date(at)]);
  }

  async putChallenge(key: string, value: string, expiresAt: number): Promise<void> {
    await this.pool.query('DELETE FROM challenges WHERE expires_at <= $1', [this.now()]);
    await this.pool.query(
      'INSERT INTO challenges (key, value, expires_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET value = $2, expires_at = $3',
      [key, value, new Date(expiresAt)],
    );
  }

  async takeChallenge(key: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ value: string; expires_at: Date }>(
      'DELETE FROM challenges WHERE key = $1 RETURNING value, expires_at',
      [key],
    );
    return rows[0] && rows[0].expires_at.getTime() > this.clock.now() ? rows[0].value : undefined;
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

/**
 * Locks every owner row (FOR UPDATE) before counting, so a second demotion or removal waits
 * for this transaction and then sees its result: the firm always keeps one owner.
 */
async function keepAnOwner(client: pg.PoolClient, id: string): Promise<void> {
  const { rows } = await client.query<{ id: string }>("SELECT id FROM accounts WHERE role = 'owner' ORDER BY id FOR UPDATE");
  if (rows.length === 1 && rows[0]!.id === id) throw new LastOwnerError();
}
