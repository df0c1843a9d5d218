import type { Migration } from './migration';

export const migration: Migration = {
  version: 9,
  sql: `
    -- Where an enquiry's visit came from (campaign and referring site), and the visits counted without cookies.
    ALTER TABLE enquiries ADD COLUMN origin jsonb;
    CREATE INDEX enquiries_campaign ON enquiries ((origin -> 'campaign' ->> 'campaign')) WHERE origin IS NOT NULL;
    CREATE TABLE visit_counts (
      day date NOT NULL,
      path text NOT NULL,
      landing boolean NOT NULL,
      source text NOT NULL,
      medium text NOT NULL,
      campaign text NOT NULL,
      referrer text NOT NULL,
      count bigint NOT NULL,
      PRIMARY KEY (day, path, landing, source, medium, campaign, referrer)
    );
  `,
};
