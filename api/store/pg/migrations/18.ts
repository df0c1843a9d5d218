import type { Migration } from './migration';

export const migration: Migration = {
  version: 18,
  sql: `
    -- The pipeline report: when each application first went to its lender (submitted, or straight
    -- to a query) and was first sanctioned, kept beside its history so the report reads no JSON.
    ALTER TABLE applications ADD COLUMN submitted_at timestamptz, ADD COLUMN sanctioned_at timestamptz;
    UPDATE applications SET
      submitted_at = (SELECT min((event ->> 'at')::timestamptz) FROM jsonb_array_elements(history) AS event
                      WHERE event ->> 'status' IN ('submitted', 'query-raised')),
      sanctioned_at = (SELECT min((event ->> 'at')::timestamptz) FROM jsonb_array_elements(history) AS event
                       WHERE event ->> 'status' = 'sanctioned');
    -- The board's Mine: one advisor's enquiries in one status, newest first, and how many.
    CREATE INDEX enquiries_by_stage_assignee ON enquiries (status, assignee_id, created_at DESC, seq DESC) WHERE assignee_id IS NOT NULL;
  `,
};
