import type { Migration } from './migration';

export const migration: Migration = {
  version: 22,
  sql: `
    -- Each advisor's name as enquirers read it, in each language the firm uses (by language id),
    -- set by an owner: WhatsApp messages, the status page, the daily list and e-mails use it, never the username.
    ALTER TABLE accounts ADD COLUMN display_names jsonb NOT NULL DEFAULT '{}';
  `,
};
