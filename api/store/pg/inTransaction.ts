import type pg from 'pg';

/** What a transaction's work returns to end it without writing anything; made by `rollback`. */
export class RolledBack<T> {
  constructor(readonly value: T) {}
}

/** Ends the transaction without writing anything, and makes `inTransaction` return `value`. */
export const rollback = <T>(value: T): RolledBack<T> => new RolledBack(value);

/**
 * Runs `work` in a transaction on a connection of its own, committed when the work returns
 * and rolled back when it throws or returns `rollback(value)`. A failed rollback after an
 * error is ignored so that the caller sees the error that caused it; the connection goes
 * back to the pool whatever happens.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T | RolledBack<T>>): Promise<T> {
  const client = await pool.connect();
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
