import type { Migration } from './migration';

export const migration: Migration = {
  version: 5,
  sql: `
    -- Requests about personal data made on /privacy, each with its due day and history.
    CREATE TABLE privacy_requests (
      id text PRIMARY KEY,
      created_at timestamptz NOT NULL,
      seq bigserial NOT NULL,
      fields jsonb NOT NULL,
      phone text NOT NULL,
      email text,
      status text NOT NULL CHECK (status IN ('open', 'done', 'refused')),
      reason text,
      due_on date NOT NULL,
      last_activity_at timestamptz NOT NULL,
      history jsonb NOT NULL DEFAULT '[]'
    );
    CREATE INDEX privacy_requests_newest ON privacy_requests (created_at DESC, seq DESC);
    CREATE INDEX privacy_requests_by_phone ON privacy_requests (phone);
    -- Finding one person by e-mail, the retention sweep, and trimming the audit log.
    CREATE INDEX enquiries_by_email ON enquiries (lower(fields->>'email'));
    CREATE INDEX enquiries_last_activity ON enquiries (last_activity_at);
    CREATE INDEX audit_at ON audit (at);
  `,
};
