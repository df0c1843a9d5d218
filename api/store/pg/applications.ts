import { randomUUID } from 'node:crypto';
import type { Db } from './inTransaction';
import type { Application, ApplicationEvent, ApplicationStatus } from '../../../src/shared/applications';
import type { Clock } from '../../clock';
import type { ApplicationStore, ApplicationUpdate, NewApplication } from '../ApplicationStore';
import type { Actor } from '../Store';
import { firstReached, SUBMITTED_STEPS } from '../pipelineReport';

export interface ApplicationRow {
  id: string;
  enquiry_id: string;
  lender: string;
  product: string;
  amount: string;
  status: ApplicationStatus;
  reason: string | null;
  sanctioned_amount: string | null;
  disbursed_amount: string | null;
  created_at: Date;
  updated_at: Date;
  history: ApplicationEvent[];
}

export const toApplication = (row: ApplicationRow): Application => ({
  id: row.id,
  enquiryId: row.enquiry_id,
  lender: row.lender,
  product: row.product,
  amount: Number(row.amount),
  status: row.status,
  ...(row.reason !== null && { reason: row.reason }),
  ...(row.sanctioned_amount !== null && { sanctionedAmount: Number(row.sanctioned_amount) }),
  ...(row.disbursed_amount !== null && { disbursedAmount: Number(row.disbursed_amount) }),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  history: row.history,
});

const FOREIGN_KEY_VIOLATION = '23503';

/** Applications on PostgreSQL: one row each, its history a JSON array; a deleted enquiry's go with it (ON DELETE CASCADE). */
export class PgApplications implements ApplicationStore {
  constructor(
    private readonly pool: Db,
    private readonly clock: Clock,
  ) {}

  async addApplication({ enquiryId, lender, product, amount }: NewApplication, by: Actor): Promise<Application | undefined> {
    const at = new Date(this.clock.now()).toISOString();
    const history: ApplicationEvent[] = [{ at, by: by.username, byId: by.id, status: 'preparing' }];
    try {
      const { rows } = await this.pool.query<ApplicationRow>(
        `INSERT INTO applications (id, enquiry_id, lender, product, amount, status, created_at, updated_at, history)
         VALUES ($1, $2, $3, $4, $5, 'preparing', $6, $6, $7) RETURNING *`,
        [randomUUID(), enquiryId, lender, product, amount, at, JSON.stringify(history)],
      );
      return toApplication(rows[0]!);
    } catch (error) {
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return undefined;
      throw error;
    }
  }

  async applicationsOf(enquiryId: string): Promise<Application[]> {
    const { rows } = await this.pool.query<ApplicationRow>('SELECT * FROM applications WHERE enquiry_id = $1 ORDER BY created_at, id', [
      enquiryId,
    ]);
    return rows.map(toApplication);
  }

  /** One statement: the change is made only while the row is still in `from`. */
  async updateApplication(enquiryId: string, id: string, update: ApplicationUpdate, by: Actor): Promise<Application | 'moved' | undefined> {
    const { from, ...change } = update;
    const at = new Date(this.clock.now()).toISOString();
    const event: ApplicationEvent = { at, by: by.username, byId: by.id, ...change };
    const { rows } = await this.pool.query<ApplicationRow>(
      `UPDATE applications SET status = $4, updated_at = $5, reason = coalesce($6, reason),
         sanctioned_amount = coalesce($7, sanctioned_amount), disbursed_amount = coalesce($8, disbursed_amount),
         history = history || jsonb_build_array($9::jsonb),
         submitted_at = CASE WHEN $4 = ANY($10::text[]) THEN coalesce(submitted_at, $5) ELSE submitted_at END,
         sanctioned_at = CASE WHEN $4 = 'sanctioned' THEN coalesce(sanctioned_at, $5) ELSE sanctioned_at END
       WHERE id = $1 AND enquiry_id = $2 AND status = $3 RETURNING *`,
      [
        id,
        enquiryId,
        from,
        change.status,
        at,
        change.reason ?? null,
        change.sanctionedAmount ?? null,
        change.disbursedAmount ?? null,
        JSON.stringify(event),
        SUBMITTED_STEPS,
      ],
    );
    if (rows[0]) return toApplication(rows[0]);
    const { rowCount } = await this.pool.query('SELECT 1 FROM applications WHERE id = $1 AND enquiry_id = $2', [id, enquiryId]);
    return rowCount ? 'moved' : undefined;
  }

  async allApplications(): Promise<Application[]> {
    const { rows } = await this.pool.query<ApplicationRow>('SELECT * FROM applications ORDER BY created_at, id');
    return rows.map(toApplication);
  }

  async importApplication(application: Application): Promise<boolean> {
    try {
      const { rowCount } = await this.pool.query(
        `INSERT INTO applications (id, enquiry_id, lender, product, amount, status, reason, sanctioned_amount, disbursed_amount,
           created_at, updated_at, history, submitted_at, sanctioned_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
        [
          application.id,
          application.enquiryId,
          application.lender,
          application.product,
          application.amount,
          application.status,
          application.reason ?? null,
          application.sanctionedAmount ?? null,
          application.disbursedAmount ?? null,
          application.createdAt,
          application.updatedAt,
          JSON.stringify(application.history),
          firstReached(application, SUBMITTED_STEPS) ?? null,
          firstReached(application, ['sanctioned']) ?? null,
        ],
      );
      return rowCount === 1;
    } catch (error) {
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return false;
      throw error;
    }
  }
}
