import pg from 'pg';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { migrate } from '../../api/store/pg/migrate';
import { PgStore } from '../../api/store/pg/PgStore';
import { createDatabase } from '../helpers/postgres';
import { by } from '../helpers/storeFixtures';

const FORMS = [undefined, 'contact', 'about'] as const;
const STATUSES = [undefined, 'new', 'contacted', 'sanctioned', 'closed'];
const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

async function freshPool(): Promise<{ pool: pg.Pool; databaseUrl: string }> {
  const databaseUrl = await createDatabase(inject('postgresUrl'));
  const pool = new pg.Pool({ connectionString: databaseUrl });
  pools.push(pool);
  return { pool, databaseUrl };
}

/** The true numbers, counted row by row, per form and status. */
async function counted(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ form: string; status: string; n: number }>(
    'SELECT form, status, count(*)::int AS n FROM enquiries GROUP BY form, status',
  );
  return Object.fromEntries(rows.map((row) => [`${row.form}/${row.status}`, row.n]));
}

describe("the desk's totals on PostgreSQL", () => {
  test('an upgrade counts the enquiries already stored', async () => {
    const { pool } = await freshPool();
    await migrate(pool, 3);
    await pool.query(
      `INSERT INTO enquiries (id, kind, created_at, last_activity_at, fields, status)
       SELECT 'old-' || i, CASE WHEN i % 3 = 0 THEN 'about' ELSE 'contact' END, now(), now(), '{}',
              CASE WHEN i % 4 = 0 THEN 'contacted' ELSE 'new' END
       FROM generate_series(1, 30) AS i`,
    );
    expect(await migrate(pool, 4)).toEqual([4]);
    // Through to the latest step too: migration 20 renames the form's column in both tables.
    expect(await migrate(pool)).toContain(20);
    const { rows } = await pool.query<{ form: string; status: string; n: number }>(
      'SELECT form, status, sum(n)::int AS n FROM enquiry_counts GROUP BY form, status',
    );
    expect(Object.fromEntries(rows.map((row) => [`${row.form}/${row.status}`, row.n]))).toEqual(await counted(pool));
  });

  test('every total the desk shows equals a count of the rows, after simultaneous enquiries, status changes and deletions', async () => {
    const { pool, databaseUrl } = await freshPool();
    const store = await PgStore.open(databaseUrl, 10);
    try {
      const added = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          index % 3 === 0
            ? store.enquiries.add({
                form: 'about',
                fields: { name: `About ${index}`, address: 'Here', message: 'Hi', phoneno: '+919822012345' },
              })
            : store.enquiries.add({ form: 'contact', fields: { name: `Contact ${index}`, number: '+919822012345', enquiry: 'other' } }),
        ),
      );
      // Twenty changes at once on a pool of ten connections: more than it has, which once stalled for ever.
      await Promise.all(added.slice(0, 20).map((record) => store.enquiries.update(record._id, { status: 'contacted' }, by('owner'))));
      await Promise.all(added.slice(0, 5).map((record) => store.enquiries.update(record._id, { status: 'sanctioned' }, by('owner'))));
      // Saving the same status again, or only a follow-up date, changes no count.
      await store.enquiries.update(added[5]!._id, { status: 'contacted', followUpOn: '2026-12-01' }, by('owner'));
      await store.enquiries.update(added[6]!._id, { status: 'closed', closedReason: 'duplicate' }, by('owner'));
      expect(await store.enquiries.delete(added.slice(40).map((record) => record._id))).toBe(20);

      const truth = await counted(pool);
      for (const form of FORMS) {
        for (const status of STATUSES) {
          const expected = Object.entries(truth)
            .filter(([key]) => (!form || key.startsWith(`${form}/`)) && (!status || key.endsWith(`/${status}`)))
            .reduce((sum, [, n]) => sum + n, 0);
          const page = await store.enquiries.list({ ...(form && { form }), ...(status && { status }), limit: 10 });
          expect(page.total, `form ${form ?? 'any'}, status ${status ?? 'any'}`).toBe(expected);
        }
      }
      expect(Object.values(truth).reduce((a, b) => a + b, 0)).toBe(40);
      const stats = await store.enquiries.stats({ today: '2026-11-22', weeks: 1, finalStatuses: ['closed'] });
      const byStatus: Record<string, number> = {};
      for (const [key, n] of Object.entries(truth)) byStatus[key.split('/')[1]!] = (byStatus[key.split('/')[1]!] ?? 0) + n;
      expect(stats.byStatus).toEqual(byStatus);
    } finally {
      await store.close();
    }
  });
});
