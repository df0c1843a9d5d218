import type { Migration } from './migration';

export const migration: Migration = {
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
};
