import type pg from 'pg';

/** What a transaction's work returns to end it without writing anything; made by `rollback`. */
export class RolledBack<T> {
  constructor(readonly value: T) {}
}

/** Ends the transaction without writing anything, and makes `inTransaction` return `value`. */
export const rollback = <T>(value: T): RolledBack<T> => new RolledBack(value);

/**
 * The connection of an action's transaction (PgStore.transaction), which the store's parts query
 * instead of the pool while the action runs: every write of the action is then one transaction.
 * A part's own transaction inside it is a savepoint of it.
 */
export class Joined {
  private savepoints = 0;

  constructor(readonly client: pg.PoolClient) {}

  // The pool's and a connection's query are the same function of the same overloads.
  readonly query = ((...args: unknown[]) =>
    (this.client.query as (...all: unknown[]) => unknown).apply(this.client, args)) as pg.Pool['query'];

  async savepoint<T>(work: (client: pg.PoolClient) => Promise<T | RolledBack<T>>): Promise<T> {
    const name = `part_${(this.savepoints += 1)}`;
    await this.client.query(`SAVEPOINT ${name}`);
    try {
      const result = await work(this.client);
      if (result instanceof RolledBack) {
        await this.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        return result.value;
      }
      await this.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await this.client.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      throw error;
    }
  }
}

/** What the store's parts query: the pool, or the connection of the action under way. */
export type Db = pg.Pool | Joined;

/**
 * Runs `work` in a transaction on a connection of its own, committed when the work returns
 * and rolled back when it throws or returns `rollback(value)`. A failed rollback after an
 * error is ignored so that the caller sees the error that caused it; the connection goes
 * back to the pool whatever happens. Within an action's transaction it is a savepoint of it.
 */
export async function inTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T | RolledBack<T>>): Promise<T> {
  if (db instanceof Joined) return db.savepoint(work);
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    if (result instanceof RolledBack) {
      await client.query('ROLLBACK');
      return result.value;
    }
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
