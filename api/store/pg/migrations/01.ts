import type { Migration } from './migration';

export const migration: Migration = {
  version: 1,
  sql: `
    CREATE TABLE enquiries (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('about', 'contact')),
      created_at timestamptz NOT NULL,
      seq bigserial NOT NULL,
      fields jsonb NOT NULL
    );
    -- The two admin lists: one form's enquiries, newest first.
    CREATE INDEX enquiries_newest_first ON enquiries (kind, created_at DESC, seq DESC);

    CREATE TABLE admin (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      username text NOT NULL,
      password_hash text NOT NULL
    );

    CREATE TABLE sessions (
      token_hash text PRIMARY KEY,
      username text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_expiry ON sessions (expires_at);

    CREATE TABLE windows (
      key text PRIMARY KEY,
      started_at timestamptz NOT NULL,
      count integer NOT NULL
    );
  `,
};
