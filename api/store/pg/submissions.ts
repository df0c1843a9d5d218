import type pg from 'pg';
import type { ChangeSet } from '../../../src/shared/changeSet';
import type { Clock } from '../../clock';
import type { Decision, NewSubmission, Submission, SubmissionStatus, SubmissionStore } from '../SubmissionStore';
import { inTransaction } from './inTransaction';

interface SubmissionRow {
  id: string;
  file: string;
  files: string[];
  note: string | null;
  at: Date;
  by_id: string;
  by_name: string;
  status: SubmissionStatus;
  change: ChangeSet | null;
  drafts: string[];
  decided_at: Date | null;
  decided_by_id: string | null;
  decided_by_name: string | null;
  decision_note: string | null;
}

const COLUMNS =
  'id::text AS id, file, files, note, at, by_id, by_name, status, change, drafts, decided_at, decided_by_id, decided_by_name, decision_note';

const toSubmission = (row: SubmissionRow): Submission => ({
  id: row.id,
  file: row.file,
  files: row.files,
  ...(row.note !== null && { note: row.note }),
  at: row.at.toISOString(),
  by: { id: row.by_id, username: row.by_name },
  status: row.status,
  ...(row.change && { change: row.change }),
  drafts: row.drafts,
  ...(row.decided_at && {
    decided: {
      at: row.decided_at.toISOString(),
      by: { id: row.decided_by_id!, username: row.decided_by_name! },
      ...(row.decision_note !== null && { note: row.decision_note }),
    },
  }),
});

const REPLACE_WAITING = `UPDATE page_submissions SET status = 'replaced', change = NULL WHERE status = 'waiting' AND files && $1`;

/** An id as the routes pass it: anything else names no submission (and never reaches the database as a bigint). */
const isId = (id: string) => /^\d{1,18}$/.test(id);

/** Submissions for an owner's review on PostgreSQL: one row each; the texts only while it waits. */
export class PgSubmissions implements SubmissionStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  submit({ file, change, drafts, by }: NewSubmission): Promise<Submission> {
    const files = change.files.map((changed) => changed.path);
    return inTransaction(this.pool, async (client) => {
      await client.query(REPLACE_WAITING, [files]);
      const { rows } = await client.query<SubmissionRow>(
        `INSERT INTO page_submissions (file, files, note, at, by_id, by_name, status, change, drafts)
         VALUES ($1, $2, $3, $4, $5, $6, 'waiting', $7, $8) RETURNING ${COLUMNS}`,
        [file, files, change.note ?? null, new Date(this.clock.now()), by.id, by.username, change, drafts],
      );
      return toSubmission(rows[0]!);
    });
  }

  async replaceWaiting(files: readonly string[]): Promise<number> {
    return (await this.pool.query(REPLACE_WAITING, [files])).rowCount ?? 0;
  }

  async waitingSubmissions(): Promise<Submission[]> {
    const { rows } = await this.pool.query<SubmissionRow>(`SELECT ${COLUMNS} FROM page_submissions WHERE status = 'waiting' ORDER BY id`);
    return rows.map(toSubmission);
  }

  async submission(id: string): Promise<Submission | undefined> {
    if (!isId(id)) return undefined;
    const { rows } = await this.pool.query<SubmissionRow>(`SELECT ${COLUMNS} FROM page_submissions WHERE id = $1`, [id]);
    return rows[0] && toSubmission(rows[0]);
  }

  async latestSubmission(file: string): Promise<Submission | undefined> {
    const { rows } = await this.pool.query<SubmissionRow>(
      `SELECT ${COLUMNS} FROM page_submissions WHERE files @> ARRAY[$1::text] ORDER BY id DESC LIMIT 1`,
      [file],
    );
    return rows[0] && toSubmission(rows[0]);
  }

  async decideSubmission(id: string, { status, by, note }: Decision): Promise<Submission | undefined> {
    if (!isId(id)) return undefined;
    const { rows } = await this.pool.query<SubmissionRow>(
      `UPDATE page_submissions SET status = $2, change = NULL, decided_at = $3, decided_by_id = $4, decided_by_name = $5, decision_note = $6
       WHERE id = $1 AND status = 'waiting' RETURNING ${COLUMNS}`,
      [id, status, new Date(this.clock.now()), by.id, by.username, note ?? null],
    );
    return rows[0] && toSubmission(rows[0]);
  }

  async allSubmissions(): Promise<Submission[]> {
    const { rows } = await this.pool.query<SubmissionRow>(`SELECT ${COLUMNS} FROM page_submissions ORDER BY id`);
    return rows.map(toSubmission);
  }

  importSubmission(submission: Submission): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        `INSERT INTO page_submissions (id, file, files, note, at, by_id, by_name, status, change, drafts, decided_at, decided_by_id, decided_by_name, decision_note)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
        [
          submission.id,
          submission.file,
          submission.files,
          submission.note ?? null,
          new Date(submission.at),
          submission.by.id,
          submission.by.username,
          submission.status,
          submission.change ?? null,
          submission.drafts,
          submission.decided ? new Date(submission.decided.at) : null,
          submission.decided?.by.id ?? null,
          submission.decided?.by.username ?? null,
          submission.decided?.note ?? null,
        ],
      );
      if (!rowCount) return false;
      // Ids given out afterwards follow every id imported.
      await client.query(
        `SELECT setval(pg_get_serial_sequence('page_submissions', 'id'), GREATEST($1::bigint, (SELECT max(id) FROM page_submissions)))`,
        [submission.id],
      );
      return true;
    });
  }
}
