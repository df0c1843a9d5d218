import type { Migration } from './migration';

export const migration: Migration = {
  version: 7,
  sql: `
    -- The page editor: an editor role, drafts, and every publish kept as a revision.
    ALTER TABLE accounts DROP CONSTRAINT accounts_role_check;
    ALTER TABLE accounts ADD CONSTRAINT accounts_role_check CHECK (role IN ('owner', 'staff', 'editor'));
    CREATE SEQUENCE page_revision_numbers;
    CREATE TABLE page_revisions (
      revision bigint PRIMARY KEY,
      file text NOT NULL,
      at timestamptz NOT NULL,
      by_id text NOT NULL,
      by_name text NOT NULL,
      note text,
      source text,
      deployed_hash text
    );
    CREATE INDEX page_revisions_of ON page_revisions (file, revision DESC);
    CREATE TABLE page_files (
      file text PRIMARY KEY,
      head bigint NOT NULL,
      published bigint REFERENCES page_revisions (revision),
      draft jsonb
    );
  `,
};
