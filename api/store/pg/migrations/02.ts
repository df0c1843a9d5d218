import type { Migration } from './migration';

export const migration: Migration = {
  version: 2,
  sql: `
    -- The outbox: one row per enquiry and notification channel, written with the enquiry.
    CREATE TABLE deliveries (
      enquiry_id text NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      channel text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      claimed_until timestamptz,
      last_error text,
      PRIMARY KEY (enquiry_id, channel)
    );
    CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
  `,
};
