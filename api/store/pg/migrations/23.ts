import type { Migration } from './migration';

export const migration: Migration = {
  version: 23,
  sql: `
    -- The link check: each address the content names, with what the last run found there (replaced
    -- whole by each run), the last run itself with the lease of one under way (one row), and the
    -- latest week's review e-mail with how its sending fares (one row).
    CREATE TABLE link_checks (
      url text PRIMARY KEY,
      files text[] NOT NULL,
      checked_at timestamptz NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('ok', 'failed', 'warning')),
      status integer NOT NULL,
      detail text,
      failing_since timestamptz
    );
    CREATE TABLE link_check_run (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      started_at timestamptz,
      finished_at timestamptz,
      checked integer NOT NULL DEFAULT 0,
      claimed_until timestamptz
    );
    INSERT INTO link_check_run (id) VALUES (true);
    CREATE TABLE review_mail (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      week date NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL,
      next_attempt_at timestamptz NOT NULL,
      last_error text
    );
  `,
};
