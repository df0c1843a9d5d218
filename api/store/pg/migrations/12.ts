import type { Migration } from './migration';

export const migration: Migration = {
  version: 12,
  sql: `
    -- The campaigns and sources owners expect: counted as themselves whatever else arrives.
    CREATE TABLE expected_campaigns (
      name text PRIMARY KEY,
      added_at timestamptz NOT NULL
    );
    -- When each session last proved the password and a second factor: changing factors asks for both, recently.
    ALTER TABLE sessions ADD COLUMN password_at timestamptz, ADD COLUMN factor_at timestamptz;
    -- The idle limit counts from sign-in: a session never touched since counts from when it began (a day before it ends).
    UPDATE sessions SET last_seen_at = expires_at - interval '1 day' WHERE last_seen_at IS NULL;
    -- Which key the secrets at rest are sealed with (its check value, never the key): every instance must use that one.
    CREATE TABLE secrets_key (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      key_check text NOT NULL
    );
  `,
};
