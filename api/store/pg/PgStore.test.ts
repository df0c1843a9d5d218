import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { createDatabase } from '../../../tests/helpers/postgres';
import { skipPostgres } from '../../../tests/helpers/postgresSetup';
import { sortedTotals, totalsOfRows } from '../../../tests/helpers/storeFixtures';
import { phoneOf, phoneSql, searchTextOf, SEARCH_SQL } from '../recordKeys';
import { campaignKey } from '../visitTotals';
import { migrate } from './migrate';
import { PgStore } from './PgStore';

/**
 * What the PostgreSQL store alone must do: its migrations and the SQL they run. What both stores
 * must do is in api/store/*Store.test.ts. Each test has a database of its own in the unit project's
 * cluster (tests/helpers/postgresSetup.ts); SKIP_POSTGRES=1 skips them, and the summary shows it.
 */
describe.skipIf(skipPostgres)('PostgreSQL store', () => {
  test('the keys a migration computes in SQL are the ones the stores compute in TypeScript', async () => {
    const client = new pg.Client({ connectionString: await createDatabase(inject('postgresUrl')) });
    await client.connect();
    try {
      const rows: { form: 'contact' | 'about'; fields: Record<string, string> }[] = [
        { form: 'contact', fields: { name: 'Sunita PATIL', number: '+91 98220-12345', email: 'Sunita@Example.in' } },
        { form: 'about', fields: { name: 'Ravi', phoneno: '09876543210' } },
        { form: 'contact', fields: { name: 'नाव', number: '' } },
      ];
      for (const row of rows) {
        const { rows: found } = await client.query<{ phone: string; search: string }>(
          `SELECT ${phoneSql('form')} AS phone, ${SEARCH_SQL} AS search FROM (SELECT $1::text AS form, $2::jsonb AS fields) AS row`,
          [row.form, row.fields],
        );
        expect(found[0]).toEqual({ phone: phoneOf(row.form, row.fields), search: searchTextOf(row.fields) });
      }
    } finally {
      await client.end();
    }
  });

  test('migration 18 gives the applications stored before it the times the report reads from their histories', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migrate(pool, 14);
      await pool.query(
        `INSERT INTO enquiries (id, kind, created_at, fields, last_activity_at, reference) VALUES ('e', 'contact', now(), '{}', now(), 'VF-0000-0001')`,
      );
      const history = (steps: [string, string][]) => JSON.stringify(steps.map(([at, status]) => ({ at, by: 'asha', byId: 'a', status })));
      await pool.query(
        `INSERT INTO applications (id, enquiry_id, lender, product, amount, status, created_at, updated_at, history)
         VALUES ('queried', 'e', 'sbi', 'Loan', 1, 'sanctioned', now(), now(), $1), ('dropped', 'e', 'sbi', 'Loan', 1, 'withdrawn', now(), now(), $2)`,
        [
          history([
            ['2026-11-02T10:00:00.000Z', 'preparing'],
            ['2026-11-03T10:00:00.000Z', 'query-raised'],
            ['2026-11-04T10:00:00.000Z', 'submitted'],
            ['2026-11-05T10:00:00.000Z', 'sanctioned'],
          ]),
          history([
            ['2026-11-02T10:00:00.000Z', 'preparing'],
            ['2026-11-03T10:00:00.000Z', 'withdrawn'],
          ]),
        ],
      );
      await migrate(pool);
      const { rows } = await pool.query<{ id: string; submitted_at: Date | null; sanctioned_at: Date | null }>(
        'SELECT id, submitted_at, sanctioned_at FROM applications ORDER BY id',
      );
      expect(rows).toEqual([
        { id: 'dropped', submitted_at: null, sanctioned_at: null },
        { id: 'queried', submitted_at: new Date('2026-11-03T10:00:00.000Z'), sanctioned_at: new Date('2026-11-05T10:00:00.000Z') },
      ]);
    } finally {
      await pool.end();
    }
  });

  test('migration 21 stops each enquiry’s first-response clock at its first recorded contact only, and counts its amount asked once', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const at = (time: string) => new Date(`2026-11-25T${time}:00.000+05:30`);
    try {
      await migrate(pool, 20);
      // Before: a move of status stopped the clock (moved, noted), as a call did (called).
      await pool.query(
        `INSERT INTO enquiries (id, form, created_at, fields, last_activity_at, reference, status, first_response_due_at, first_contact_at)
         VALUES ('moved', 'contact', $1, '{}', $1, 'VF-0000-0001', 'documents-pending', $2, $3),
                ('noted', 'contact', $1, '{}', $1, 'VF-0000-0002', 'contacted', $2, $3),
                ('called', 'contact', $1, '{}', $1, 'VF-0000-0003', 'contacted', $2, $4)`,
        [at('10:00'), at('11:00'), at('10:10'), at('10:20')],
      );
      const event = (id: string, time: string, entry: object) =>
        pool.query('INSERT INTO enquiry_events (enquiry_id, at, by, entry) VALUES ($1, $2, $3, $4)', [
          id,
          at(time),
          'asha',
          { at: at(time).toISOString(), by: 'asha', ...entry },
        ]);
      await event('moved', '10:10', { type: 'status', from: 'new', to: 'documents-pending' });
      await event('noted', '10:10', { type: 'status', from: 'new', to: 'contacted' });
      await event('noted', '10:40', { type: 'note', text: 'Came to the office', contact: true });
      await event('called', '10:20', { type: 'contact', channel: 'call' });
      await event('called', '10:30', { type: 'status', from: 'contacted', to: 'documents-pending' });
      await pool.query(
        `INSERT INTO applications (id, enquiry_id, lender, product, amount, status, created_at, updated_at, history, submitted_at)
         VALUES ('a', 'called', 'sbi', 'Loan', 1620000, 'submitted', $1, $1, '[]', $1),
                ('b', 'called', 'bank-of-maharashtra', 'Loan', 1620000, 'sanctioned', $1, $1, '[]', $1),
                ('c', 'called', 'sbi', 'Loan', 500000, 'preparing', $1, $1, '[]', NULL)`,
        [at('12:00')],
      );
      await migrate(pool);
      const { rows } = await pool.query<{ id: string; first_contact_at: Date | null; escalated_at: Date | null; asked_amount: string }>(
        `SELECT e.id, e.first_contact_at, e.escalated_at, p.asked_amount FROM enquiries e
         JOIN enquiry_pipeline p ON p.enquiry_id = e.id ORDER BY e.id`,
      );
      expect(rows).toEqual([
        { id: 'called', first_contact_at: at('10:20'), escalated_at: null, asked_amount: '1620000' },
        // Its clock runs again, and it counts as escalated at its old stop: no notice to the owners now.
        { id: 'moved', first_contact_at: null, escalated_at: at('10:10'), asked_amount: '0' },
        { id: 'noted', first_contact_at: at('10:40'), escalated_at: null, asked_amount: '0' },
      ]);
      // The pipeline's row follows each enquiry (its trigger), and a new application recounts the amount asked.
      expect((await pool.query('SELECT first_contact_at FROM enquiry_pipeline WHERE enquiry_id = $1', ['moved'])).rows).toEqual([
        { first_contact_at: null },
      ]);
      await pool.query(`UPDATE applications SET submitted_at = $1, amount = 2000000 WHERE id = 'c'`, [at('13:00')]);
      expect((await pool.query(`SELECT asked_amount FROM enquiry_pipeline WHERE enquiry_id = 'called'`)).rows).toEqual([
        { asked_amount: '2000000' },
      ]);
    } finally {
      await pool.end();
    }
  });

  test('visits counted before their days had totals get them in the migration, the same as their rows say', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    const pool = new pg.Pool({ connectionString: url });
    try {
      await migrate(pool, 12);
      await pool.query(
        `INSERT INTO visit_counts (day, path, landing, source, medium, campaign, referrer, count) VALUES
           ('2026-10-31', '/', false, '', '', '', '', 7),
           ('2026-10-31', '/homeloan', true, 'google', 'cpc', 'diwali', 'www.google.com', 3),
           ('2026-11-01', '/homeloan', true, 'google', 'cpc', 'diwali', '', 2),
           ('2026-11-01', '/homeloan', true, '', '', '', 'web.whatsapp.com', 4),
           ('2026-11-01', '/mr/homeloan', true, 'व्हॉट्सॲप', 'फॉरवर्ड', 'दिवाळी 😀', '', 6),
           ('2026-11-01', '/pmegp', true, '(other)', '', '', '(other)', 5),
           ('2026-11-01', '/pmegp', false, '', '', '', '', 1)`,
      );
    } finally {
      await pool.end();
    }
    const store = await PgStore.open(url, 2);
    try {
      for (const [from, to] of [
        ['2026-10-01', '2026-11-30'],
        ['2026-11-01', '2026-11-01'],
      ] as const)
        expect(sortedTotals(await store.visits.totals(from, to))).toEqual(totalsOfRows(await store.visits.counts(from, to)));
      expect((await store.visits.totals('2026-10-01', '2026-11-30')).campaigns).toContainEqual({
        key: campaignKey('google', 'cpc', 'diwali'),
        source: 'google',
        medium: 'cpc',
        campaign: 'diwali',
        visits: 5,
      });
    } finally {
      await store.close();
    }
  });
});
