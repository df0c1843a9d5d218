import type { Migration } from './migration';

export const migration: Migration = {
  version: 6,
  sql: `
    -- Second factors, the idle limit, passkey challenges, and who did what by permanent id.
    ALTER TABLE accounts ADD COLUMN mfa jsonb NOT NULL DEFAULT '{}';
    ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
    ALTER TABLE audit ADD COLUMN account_id text;
    CREATE TABLE challenges (
      key text PRIMARY KEY,
      value text NOT NULL,
      expires_at timestamptz NOT NULL
    );
  `,
};
