import { phoneSql, SEARCH_SQL } from '../../recordKeys';
import type { Migration } from './migration';

export const migration: Migration = {
  version: 3,
  sql: `
    -- The lead desk: each enquiry's status, follow-up and history; the phone number in one
    -- form for finding one person's enquiries; name and e-mail in lower case for search.
    ALTER TABLE enquiries
      ADD COLUMN source_page text,
      ADD COLUMN status text NOT NULL DEFAULT 'new',
      ADD COLUMN closed_reason text,
      ADD COLUMN follow_up_on date,
      ADD COLUMN first_status_change_at timestamptz,
      ADD COLUMN last_activity_at timestamptz,
      ADD COLUMN consent jsonb,
      ADD COLUMN language text,
      ADD COLUMN phone text NOT NULL DEFAULT '',
      ADD COLUMN search text NOT NULL DEFAULT '';
    UPDATE enquiries SET
      source_page = fields->>'sourcePage',
      fields = fields - 'sourcePage',
      last_activity_at = created_at,
      phone = ${phoneSql('kind')},
      search = ${SEARCH_SQL};
    ALTER TABLE enquiries ALTER COLUMN last_activity_at SET NOT NULL;
    CREATE INDEX enquiries_all_newest ON enquiries (created_at DESC, seq DESC);
    CREATE INDEX enquiries_by_status ON enquiries (status, created_at DESC, seq DESC);
    CREATE INDEX enquiries_by_phone ON enquiries (phone);
    CREATE INDEX enquiries_follow_up ON enquiries (follow_up_on) WHERE follow_up_on IS NOT NULL;

    CREATE TABLE enquiry_events (
      id bigserial PRIMARY KEY,
      enquiry_id text NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      at timestamptz NOT NULL,
      by text NOT NULL,
      entry jsonb NOT NULL
    );
    CREATE INDEX enquiry_events_of ON enquiry_events (enquiry_id, id);

    -- Staff accounts: the one admin becomes the first owner, and keeps its sessions.
    CREATE TABLE accounts (
      id text PRIMARY KEY,
      username text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'staff')),
      password_hash text NOT NULL,
      must_change_password boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX accounts_username ON accounts (lower(username));
    INSERT INTO accounts (id, username, role, password_hash) SELECT gen_random_uuid()::text, username, 'owner', password_hash FROM admin;
    ALTER TABLE sessions ADD COLUMN account_id text REFERENCES accounts (id) ON DELETE CASCADE;
    UPDATE sessions SET account_id = accounts.id FROM accounts WHERE accounts.username = sessions.username;
    DELETE FROM sessions WHERE account_id IS NULL;
    ALTER TABLE sessions ALTER COLUMN account_id SET NOT NULL, DROP COLUMN username;
    DROP TABLE admin;

    CREATE TABLE trusted_devices (
      token_hash text PRIMARY KEY,
      account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    );

    -- Each window keeps its own end, so expired ones can be swept whatever their length.
    ALTER TABLE windows ADD COLUMN expires_at timestamptz;
    UPDATE windows SET expires_at = started_at + interval '15 minutes';
    ALTER TABLE windows ALTER COLUMN expires_at SET NOT NULL;
    CREATE INDEX windows_expiry ON windows (expires_at);

    CREATE TABLE audit (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      account text,
      action text NOT NULL,
      enquiry_id text,
      detail text
    );
  `,
};
