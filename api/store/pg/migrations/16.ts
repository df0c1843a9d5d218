import type { Migration } from './migration';

export const migration: Migration = {
  version: 16,
  sql: `
    -- The advisors' daily list: where each is e-mailed, in which language, and, per advisor, the day
    -- of the latest list and how its sending fares (a new day replaces the row; it goes with the account).
    ALTER TABLE accounts ADD COLUMN email text, ADD COLUMN email_language text;
    CREATE TABLE daily_lists (
      account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
      day date NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL,
      next_attempt_at timestamptz NOT NULL,
      last_error text
    );
  `,
};
