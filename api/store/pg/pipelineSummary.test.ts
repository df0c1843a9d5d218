import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { createDatabase } from '../../../tests/helpers/postgres';
import { by, contact } from '../../../tests/helpers/storeFixtures';
import { migrate } from './migrate';
import { PgStore } from './PgStore';

/** The pipeline report's summary of each enquiry (migration 19), in a database of the unit project's cluster. */
describe.skipIf(process.env.SKIP_POSTGRES === '1')('PostgreSQL pipeline summary', () => {
  test('migration 19: each enquiry’s pipeline row follows every change of it and its applications, on two instances at once, and the backfill gives the same rows', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    const [one, two] = [await PgStore.open(url, 4), await PgStore.open(url, 4)];
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const rowsOf = async (table: string) => (await pool.query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY enquiry_id`)).rows;
    // What the report reads is what the enquiries and their applications say now.
    const summary = async () => {
      const rows = await rowsOf('enquiry_pipeline');
      expect(rows).toEqual(await rowsOf('enquiry_pipeline_source'));
      return rows;
    };
    const rowOf = async (id: string) => (await summary()).find((row) => row.enquiry_id === id);
    try {
      const a = await one.enquiries.add({
        ...contact('a'),
        sourcePage: '/pmegp',
        origin: { campaign: { source: 'google', medium: 'cpc', campaign: 'diwali' } },
      });
      const b = await two.enquiries.add(contact('b'));
      expect(await rowOf(a._id)).toMatchObject({ source_page: '/pmegp', campaign: 'diwali', status: 'new', applications: 0 });
      // Six applications to one enquiry, added and moved on by both instances at once: each recount sees the others.
      const added = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((lakhs, place) =>
          [one, two][place % 2]!.applications.addApplication(
            { enquiryId: a._id, lender: 'sbi', product: 'Term loan', amount: lakhs * 100_000 },
            by('asha'),
          ),
        ),
      );
      const ids = added.map((application) => application!.id);
      await Promise.all(
        ids.map((id, place) =>
          [two, one][place % 2]!.applications.updateApplication(a._id, id, { from: 'preparing', status: 'submitted' }, by('asha')),
        ),
      );
      // The amount asked counts once (migration 21): the largest of the applications that went to a lender.
      expect(await rowOf(a._id)).toMatchObject({ applications: 6, submitted: 6, submitted_amount: '2100000', asked_amount: '600000' });
      await one.applications.updateApplication(
        a._id,
        ids[0]!,
        { from: 'submitted', status: 'sanctioned', sanctionedAmount: 90_000 },
        by('asha'),
      );
      await two.applications.updateApplication(
        a._id,
        ids[0]!,
        { from: 'sanctioned', status: 'disbursed', disbursedAmount: 90_000 },
        by('asha'),
      );
      await one.applications.updateApplication(
        a._id,
        ids[1]!,
        { from: 'submitted', status: 'rejected', reason: 'Low CIBIL score' },
        by('asha'),
      );
      expect(await rowOf(a._id)).toMatchObject({
        sanctioned: 1,
        sanctioned_amount: '90000',
        disbursed: 1,
        disbursed_amount: '90000',
        rejections: ['Low CIBIL score'],
      });
      // The enquiry's own changes: its advisor, its first contact, its status and closing reason.
      await two.enquiries.update(b._id, { assignment: { to: by('ravi') } }, by('owner'));
      await one.enquiries.recordContact(b._id, { channel: 'call', from: 'new', to: 'contacted' }, by('ravi'));
      await two.enquiries.update(b._id, { status: 'closed', closedReason: 'not-eligible' }, by('ravi'));
      expect(await rowOf(b._id)).toMatchObject({ assignee_id: 'id-ravi', status: 'closed', closed_reason: 'not-eligible' });
      expect((await rowOf(b._id))!.first_contact_at).toBeInstanceOf(Date);

      // The database as it was before step 19, then brought up to date: the backfill gives the same rows (21 adds the amount asked again).
      const kept = await summary();
      await pool.query(`
        DROP TABLE enquiry_pipeline; DROP VIEW enquiry_pipeline_source; DROP FUNCTION recount_enquiry_pipeline(text);
        DROP FUNCTION enquiry_pipeline_of_enquiry() CASCADE; DROP FUNCTION enquiry_pipeline_of_application() CASCADE;
        DELETE FROM schema_migrations WHERE version IN (19, 21);
      `);
      expect(await migrate(pool)).toEqual([19, 21]);
      expect(await summary()).toEqual(kept);

      // An erased enquiry's row goes with it, and its applications' with them.
      await one.applications.updateApplication(a._id, ids[2]!, { from: 'submitted', status: 'withdrawn' }, by('asha'));
      expect(await two.enquiries.delete([a._id])).toBe(1);
      expect((await summary()).map((row) => row.enquiry_id)).toEqual([b._id]);
    } finally {
      await pool.end();
      await Promise.all([one.close(), two.close()]);
    }
  });
});
