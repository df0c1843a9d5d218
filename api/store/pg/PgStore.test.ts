import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, findPostgresBin, startPostgres } from '../../../tests/helpers/postgres';
import { phoneOf, PHONE_SQL, searchTextOf, SEARCH_SQL } from '../recordKeys';
import { storeContract } from '../storeContract';
import { PgStore } from './PgStore';

/** Wherever PostgreSQL's server binaries are (always in CI), the contract runs against a throwaway cluster. */
const available = (() => {
  try {
    return !!findPostgresBin();
  } catch {
    return false;
  }
})();

describe.runIf(available)('PostgreSQL store', () => {
  let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(() => cluster?.stop());

  storeContract('PostgreSQL store', async (clock) => PgStore.open(await createDatabase(cluster!.url), 10, clock));

  test('the keys a migration computes in SQL are the ones the stores compute in TypeScript', async () => {
    const client = new pg.Client({ connectionString: await createDatabase(cluster!.url) });
    await client.connect();
    try {
      const rows: { kind: 'contact' | 'about'; fields: Record<string, string> }[] = [
        { kind: 'contact', fields: { name: 'Sunita PATIL', number: '+91 98220-12345', email: 'Sunita@Example.in' } },
        { kind: 'about', fields: { name: 'Ravi', phoneno: '09876543210' } },
        { kind: 'contact', fields: { name: 'नाव', number: '' } },
      ];
      for (const row of rows) {
        const { rows: found } = await client.query<{ phone: string; search: string }>(
          `SELECT ${PHONE_SQL} AS phone, ${SEARCH_SQL} AS search FROM (SELECT $1::text AS kind, $2::jsonb AS fields) AS row`,
          [row.kind, row.fields],
        );
        expect(found[0]).toEqual({ phone: phoneOf(row.kind, row.fields), search: searchTextOf(row.fields) });
      }
    } finally {
      await client.end();
    }
  });
});
