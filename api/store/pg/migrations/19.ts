import type { Migration } from './migration';

export const migration: Migration = {
  version: 19,
  sql: `
    -- The pipeline report reads one narrow row per enquiry, not the enquiry's wide row and its
    -- applications: what the report counts of the enquiry, and its applications added up (those
    -- that reached each step, with their amounts, the first sanction, the reasons of rejections).
    CREATE TABLE enquiry_pipeline (
      enquiry_id text PRIMARY KEY REFERENCES enquiries (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      assignee_id text,
      source_page text,
      campaign text,
      status text NOT NULL,
      closed_reason text,
      first_response_due_at timestamptz,
      first_contact_at timestamptz,
      applications integer NOT NULL,
      submitted integer NOT NULL,
      submitted_amount bigint NOT NULL,
      sanctioned integer NOT NULL,
      sanctioned_amount bigint NOT NULL,
      disbursed integer NOT NULL,
      disbursed_amount bigint NOT NULL,
      sanctioned_at timestamptz,
      rejections text[] NOT NULL
    );
    CREATE INDEX enquiry_pipeline_by_date ON enquiry_pipeline (created_at);

    -- The row of each enquiry as it should be: the one definition the triggers and the backfill share.
    CREATE VIEW enquiry_pipeline_source AS
      SELECT e.id AS enquiry_id, e.created_at, e.assignee_id, e.source_page,
        nullif(e.origin -> 'campaign' ->> 'campaign', '') AS campaign, e.status, e.closed_reason,
        e.first_response_due_at, e.first_contact_at,
        count(a.id)::integer AS applications, count(a.submitted_at)::integer AS submitted,
        coalesce(sum(a.amount) FILTER (WHERE a.submitted_at IS NOT NULL), 0)::bigint AS submitted_amount,
        count(a.sanctioned_amount)::integer AS sanctioned, coalesce(sum(a.sanctioned_amount), 0)::bigint AS sanctioned_amount,
        count(a.disbursed_amount)::integer AS disbursed, coalesce(sum(a.disbursed_amount), 0)::bigint AS disbursed_amount,
        min(a.sanctioned_at) AS sanctioned_at,
        coalesce(array_agg(coalesce(a.reason, '') ORDER BY a.id) FILTER (WHERE a.status = 'rejected'), '{}') AS rejections
      FROM enquiries e LEFT JOIN applications a ON a.enquiry_id = e.id
      GROUP BY e.id;

    CREATE FUNCTION recount_enquiry_pipeline(enquiry text) RETURNS void LANGUAGE sql AS $$
      INSERT INTO enquiry_pipeline SELECT * FROM enquiry_pipeline_source WHERE enquiry_id = enquiry
      ON CONFLICT (enquiry_id) DO UPDATE SET (created_at, assignee_id, source_page, campaign, status, closed_reason,
          first_response_due_at, first_contact_at, applications, submitted, submitted_amount, sanctioned, sanctioned_amount,
          disbursed, disbursed_amount, sanctioned_at, rejections)
        = (EXCLUDED.created_at, EXCLUDED.assignee_id, EXCLUDED.source_page, EXCLUDED.campaign, EXCLUDED.status,
          EXCLUDED.closed_reason, EXCLUDED.first_response_due_at, EXCLUDED.first_contact_at, EXCLUDED.applications, EXCLUDED.submitted,
          EXCLUDED.submitted_amount, EXCLUDED.sanctioned, EXCLUDED.sanctioned_amount, EXCLUDED.disbursed,
          EXCLUDED.disbursed_amount, EXCLUDED.sanctioned_at, EXCLUDED.rejections)
    $$;

    -- An enquiry's row follows it in the same transaction: made with it, changed with what the report
    -- reads of it, erased with it (ON DELETE CASCADE). The enquiry's row is locked by its own change.
    CREATE FUNCTION enquiry_pipeline_of_enquiry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM recount_enquiry_pipeline(NEW.id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER enquiries_in_pipeline AFTER INSERT ON enquiries
      FOR EACH ROW EXECUTE FUNCTION enquiry_pipeline_of_enquiry();
    CREATE TRIGGER enquiries_in_pipeline_changed
      AFTER UPDATE OF created_at, assignee_id, source_page, origin, status, closed_reason, first_response_due_at, first_contact_at
      ON enquiries FOR EACH ROW
      WHEN ((OLD.created_at, OLD.assignee_id, OLD.source_page, OLD.origin, OLD.status, OLD.closed_reason,
             OLD.first_response_due_at, OLD.first_contact_at)
        IS DISTINCT FROM (NEW.created_at, NEW.assignee_id, NEW.source_page, NEW.origin, NEW.status, NEW.closed_reason,
             NEW.first_response_due_at, NEW.first_contact_at))
      EXECUTE FUNCTION enquiry_pipeline_of_enquiry();

    -- Each change of an application recounts its enquiry's row. The enquiry is locked first, so two
    -- transactions changing its applications at once (two instances) recount one after the other,
    -- the second seeing the first's change; NO KEY UPDATE, as the applications' own foreign-key
    -- checks hold KEY SHARE and must not deadlock with it. An erased enquiry is no longer there to lock
    -- or count. An application never moves to another enquiry.
    CREATE FUNCTION enquiry_pipeline_of_application() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      enquiry text := CASE WHEN TG_OP = 'DELETE' THEN OLD.enquiry_id ELSE NEW.enquiry_id END;
    BEGIN
      PERFORM 1 FROM enquiries WHERE id = enquiry FOR NO KEY UPDATE;
      IF FOUND THEN
        PERFORM recount_enquiry_pipeline(enquiry);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER applications_in_pipeline AFTER INSERT OR UPDATE OR DELETE ON applications
      FOR EACH ROW EXECUTE FUNCTION enquiry_pipeline_of_application();

    -- The enquiries stored before this step.
    INSERT INTO enquiry_pipeline SELECT * FROM enquiry_pipeline_source;
    ANALYZE enquiry_pipeline;
  `,
};
