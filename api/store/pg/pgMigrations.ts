import type pg from 'pg';
import { PHONE_SQL, SEARCH_SQL } from '../recordKeys';

/**
 * The database schema, as numbered steps. Each runs once, in order, inside a
 * transaction; a step is never changed in what it does after release, only followed by a
 * new one. (Step 3's keys are written by the functions the stores use, to say the same thing.)
 */
const MIGRATIONS: { version: number; sql: string }[] = [
  {
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
  },
  {
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
  },
  {
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
        phone = ${PHONE_SQL},
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
  },
  {
    version: 4,
    sql: `
      -- How many enquiries each form has in each status, kept by a trigger, so the desk's
      -- totals cost the same at any history size. Each change adds to one of 16 slots
      -- picked at random, so simultaneous enquiries do not queue for a single row's lock.
      CREATE TABLE enquiry_counts (
        kind text NOT NULL,
        status text NOT NULL,
        slot smallint NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (kind, status, slot)
      );
      INSERT INTO enquiry_counts SELECT kind, status, 0, count(*) FROM enquiries GROUP BY kind, status;
      CREATE FUNCTION count_enquiry_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          INSERT INTO enquiry_counts VALUES (OLD.kind, OLD.status, floor(random() * 16), -1)
          ON CONFLICT (kind, status, slot) DO UPDATE SET n = enquiry_counts.n - 1;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO enquiry_counts VALUES (NEW.kind, NEW.status, floor(random() * 16), 1)
          ON CONFLICT (kind, status, slot) DO UPDATE SET n = enquiry_counts.n + 1;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER enquiries_counted AFTER INSERT OR DELETE ON enquiries
        FOR EACH ROW EXECUTE FUNCTION count_enquiry_change();
      CREATE TRIGGER enquiries_recounted AFTER UPDATE OF kind, status ON enquiries
        FOR EACH ROW WHEN (OLD.kind IS DISTINCT FROM NEW.kind OR OLD.status IS DISTINCT FROM NEW.status)
        EXECUTE FUNCTION count_enquiry_change();
    `,
  },
  {
    version: 5,
    sql: `
      -- Requests about personal data made on /privacy, each with its due day and history.
      CREATE TABLE privacy_requests (
        id text PRIMARY KEY,
        created_at timestamptz NOT NULL,
        seq bigserial NOT NULL,
        fields jsonb NOT NULL,
        phone text NOT NULL,
        email text,
        status text NOT NULL CHECK (status IN ('open', 'done', 'refused')),
        reason text,
        due_on date NOT NULL,
        last_activity_at timestamptz NOT NULL,
        history jsonb NOT NULL DEFAULT '[]'
      );
      CREATE INDEX privacy_requests_newest ON privacy_requests (created_at DESC, seq DESC);
      CREATE INDEX privacy_requests_by_phone ON privacy_requests (phone);
      -- Finding one person by e-mail, the retention sweep, and trimming the audit log.
      CREATE INDEX enquiries_by_email ON enquiries (lower(fields->>'email'));
      CREATE INDEX enquiries_last_activity ON enquiries (last_activity_at);
      CREATE INDEX audit_at ON audit (at);
    `,
  },
  {
    version: 6,
    sql: `
      -- Second factors, the idle limit, passkey challenges, and who did what by permanent id.
      ALTER TABLE accounts ADD COLUMN mfa jsonb NOT NULL DEFAULT '{}';
      ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
      ALTER TABLE audit ADD COLUMN account_id text;
      CREATE TABLE challenges (
        key text PRIMARY KEY,
        value text NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 7,
    sql: `
      -- The page editor: an editor role, drafts, and every publish kept as a revision.
      ALTER TABLE accounts DROP CONSTRAINT accounts_role_check;
      ALTER TABLE accounts ADD CONSTRAINT accounts_role_check CHECK (role IN ('owner', 'staff', 'editor'));
      CREATE SEQUENCE page_revision_numbers;
      CREATE TABLE page_revisions (
        revision bigint PRIMARY KEY,
        file text NOT NULL,
        at timestamptz NOT NULL,
        by_id text NOT NULL,
        by_name text NOT NULL,
        note text,
        source text,
        deployed_hash text
      );
      CREATE INDEX page_revisions_of ON page_revisions (file, revision DESC);
      CREATE TABLE page_files (
        file text PRIMARY KEY,
        head bigint NOT NULL,
        published bigint REFERENCES page_revisions (revision),
        draft jsonb
      );
    `,
  },
  {
    version: 8,
    sql: `
      -- Pictures uploaded in the page editor, each size a row of its own.
      CREATE TABLE pictures (
        name text PRIMARY KEY,
        position bigserial NOT NULL,
        alt text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        bytes integer NOT NULL,
        at timestamptz NOT NULL,
        by_id text NOT NULL,
        by_name text NOT NULL
      );
      CREATE TABLE picture_files (
        path text PRIMARY KEY,
        name text NOT NULL REFERENCES pictures (name) ON DELETE CASCADE,
        data bytea NOT NULL
      );
    `,
  },
  {
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
  },
  {
    version: 10,
    sql: `
      -- Publishes as commits: the files of one change are written together under one number,
      -- which every instance follows to know when to build its site again.
      CREATE SEQUENCE page_commit_numbers;
      CREATE TABLE page_commits (
        id bigint PRIMARY KEY,
        at timestamptz NOT NULL,
        by_id text NOT NULL,
        by_name text NOT NULL,
        note text
      );
      ALTER TABLE page_revisions ADD COLUMN commit_id bigint REFERENCES page_commits (id);
      CREATE INDEX page_revisions_by_commit ON page_revisions (commit_id);
    `,
  },
  {
    version: 11,
    sql: `
      -- An editor's change that an owner approves before it is published: the change set as
      -- planned (jsonb, while it waits), its files for finding a file's newest submission.
      CREATE TABLE page_submissions (
        id bigserial PRIMARY KEY,
        file text NOT NULL,
        files text[] NOT NULL,
        note text,
        at timestamptz NOT NULL,
        by_id text NOT NULL,
        by_name text NOT NULL,
        status text NOT NULL CHECK (status IN ('waiting', 'returned', 'published', 'replaced')),
        change jsonb,
        drafts text[] NOT NULL,
        decided_at timestamptz,
        decided_by_id text,
        decided_by_name text,
        decision_note text
      );
      CREATE INDEX page_submissions_waiting ON page_submissions (id) WHERE status = 'waiting';
      CREATE INDEX page_submissions_files ON page_submissions USING gin (files);
    `,
  },
  {
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
  },
  {
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
  },
];

/** Any fixed number shared by every instance: the advisory lock that serialises start-ups. */
const MIGRATION_LOCK = 727_001;

/**
 * Brings the database up to date (or up to `upTo`, for tests of an upgrade). Safe when
 * several instances start at once: they take turns.
 */
export async function migrate(pool: pg.Pool, upTo = Infinity): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const migration of MIGRATIONS.filter((step) => !done.has(step.version) && step.version <= upTo)) {
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
        await client.query('COMMIT');
        applied.push(migration.version);
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
