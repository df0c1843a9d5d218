import type { Migration } from './migration';

export const migration: Migration = {
  version: 15,
  sql: `
    -- Each day's visit figures added up beside its counts (api/store/visitTotals.ts), in the same
    -- transaction: per page (visits, landings), per campaign and per referring site (the visits
    -- that landed from them); columns a kind does not use are ''. The dashboard adds up a
    -- summary a day, not every row the caps let in, by each total's key (totalKey in
    -- visitTotals.ts, the same digest): shorter to group by than long made-up names.
    CREATE FUNCTION visit_total_key(kind text, path text, source text, medium text, campaign text, referrer text)
      RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE
      -- (convert_to is only "stable" because an encoding could change, which a database's cannot.)
      RETURN substr(sha256(convert_to(kind || E'\\n' || path || E'\\n' || source || E'\\n' || medium || E'\\n' || campaign || E'\\n' || referrer, 'UTF8')), 1, 16);
    CREATE TABLE visit_day_totals (
      day date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('page', 'campaign', 'referrer')),
      path text NOT NULL,
      source text NOT NULL,
      medium text NOT NULL,
      campaign text NOT NULL,
      referrer text NOT NULL,
      key bytea NOT NULL GENERATED ALWAYS AS (visit_total_key(kind, path, source, medium, campaign, referrer)) STORED,
      -- A campaign's source and campaign in lower case: the owners' expected campaigns are found by them.
      lowered text[] NOT NULL GENERATED ALWAYS AS (CASE WHEN kind = 'campaign' THEN ARRAY[lower(source), lower(campaign)] ELSE '{}' END) STORED,
      visits bigint NOT NULL,
      landings bigint NOT NULL,
      PRIMARY KEY (day, key)
    );
    -- The names of what the dashboard lists are looked up by key.
    CREATE INDEX visit_day_totals_by_key ON visit_day_totals (key, day);
    -- The days counted before: their totals from their counts.
    INSERT INTO visit_day_totals (day, kind, path, source, medium, campaign, referrer, visits, landings)
      SELECT day, 'page', path, '', '', '', '', sum(count), coalesce(sum(count) FILTER (WHERE landing), 0)
      FROM visit_counts GROUP BY day, path
      UNION ALL
      SELECT day, 'campaign', '', source, medium, campaign, '', sum(count), 0
      FROM visit_counts WHERE landing AND (source <> '' OR medium <> '' OR campaign <> '') GROUP BY day, source, medium, campaign
      UNION ALL
      SELECT day, 'referrer', '', '', '', '', referrer, sum(count), 0
      FROM visit_counts WHERE landing AND referrer <> '' GROUP BY day, referrer;
  `,
};
