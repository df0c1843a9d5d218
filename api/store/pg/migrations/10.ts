import type { Migration } from './migration';

export const migration: Migration = {
  version: 10,
  sql: `
    -- Publishes as commits: the files of one change are written together under one number,
    -- which every instance follows to know when to build its site again.
    CREATE SEQUENCE page_commit_numbers;
    CREATE TABLE page_commits (
      id bigint PRIMARY KEY,
      at timestamptz NOT NULL,
      by_id text NOT NULL,
      by_name text NOT NULL,
      note text
    );
    ALTER TABLE page_revisions ADD COLUMN commit_id bigint REFERENCES page_commits (id);
    CREATE INDEX page_revisions_by_commit ON page_revisions (commit_id);
  `,
};
