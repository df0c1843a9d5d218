import type { Migration } from './migration';

export const migration: Migration = {
  version: 11,
  sql: `
    -- An editor's change that an owner approves before it is published: the change set as
    -- planned (jsonb, while it waits), its files for finding a file's newest submission.
    CREATE TABLE page_submissions (
      id bigserial PRIMARY KEY,
      file text NOT NULL,
      files text[] NOT NULL,
      note text,
      at timestamptz NOT NULL,
      by_id text NOT NULL,
      by_name text NOT NULL,
      status text NOT NULL CHECK (status IN ('waiting', 'returned', 'published', 'replaced')),
      change jsonb,
      drafts text[] NOT NULL,
      decided_at timestamptz,
      decided_by_id text,
      decided_by_name text,
      decision_note text
    );
    CREATE INDEX page_submissions_waiting ON page_submissions (id) WHERE status = 'waiting';
    CREATE INDEX page_submissions_files ON page_submissions USING gin (files);
  `,
};
