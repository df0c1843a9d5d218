import type { Migration } from './migration';

export const migration: Migration = {
  version: 24,
  sql: `
    -- WhatsApp through the Cloud API. Each signed webhook post is kept until it has been read
    -- (then deleted: it holds numbers and texts), so a restart loses nothing; one instance claims it.
    CREATE TABLE whatsapp_posts (
      id text PRIMARY KEY,
      received_at timestamptz NOT NULL,
      body text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL
    );
    CREATE INDEX whatsapp_posts_due ON whatsapp_posts (next_attempt_at);
    -- Each message once by its wamid; an incoming one without an enquiry waits in Unmatched
    -- conversations. A picture's or a document's bytes are sealed with the secrets key.
    CREATE TABLE whatsapp_messages (
      id text PRIMARY KEY,
      wamid text UNIQUE,
      direction text NOT NULL CHECK (direction IN ('in', 'out')),
      enquiry_id text REFERENCES enquiries (id) ON DELETE CASCADE,
      phone text,
      -- The ten digits of an Indian number, as enquiries.phone: how a person's messages are found and erased.
      person_phone text,
      user_id text,
      profile_name text,
      at timestamptz NOT NULL,
      kind text NOT NULL,
      text text,
      media jsonb,
      media_data bytea,
      other_type text,
      template jsonb,
      state text NOT NULL,
      state_at timestamptz NOT NULL,
      error text,
      by_account jsonb,
      send_after timestamptz,
      leased_until timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      held text,
      seen_at timestamptz
    );
    ALTER TABLE whatsapp_messages ALTER COLUMN media_data SET STORAGE EXTERNAL;
    CREATE INDEX whatsapp_messages_by_enquiry ON whatsapp_messages (enquiry_id, at);
    CREATE INDEX whatsapp_messages_unmatched ON whatsapp_messages (at) WHERE enquiry_id IS NULL;
    CREATE INDEX whatsapp_messages_by_person ON whatsapp_messages (person_phone, at) WHERE direction = 'in';
    CREATE INDEX whatsapp_messages_by_user ON whatsapp_messages (user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX whatsapp_messages_due ON whatsapp_messages (send_after) WHERE state = 'queued';
    -- A business-scoped user id (BSUID) and the number it was seen with, or the number of the
    -- enquiry staff linked its conversation to: later messages with the BSUID alone match that person.
    CREATE TABLE whatsapp_users (
      user_id text PRIMARY KEY,
      phone text NOT NULL,
      person_phone text,
      seen_at timestamptz NOT NULL
    );
    CREATE INDEX whatsapp_users_by_person ON whatsapp_users (person_phone);
  `,
};
