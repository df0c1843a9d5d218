import type { Migration } from './migration';

export const migration: Migration = {
  version: 21,
  sql: `
    -- Only a recorded contact stops the first-response clock (a call or WhatsApp tap on the desk, a
    -- note marked as a contact), no longer any change of status: each enquiry's first contact is
    -- counted again from its history. One whose clock stopped otherwise runs again, marked escalated
    -- as of that old stop so the owners are not sent a notice for each old enquiry at once (the file
    -- store does the same, api/store/file/legacyFormats.ts).
    WITH recounted AS (
      SELECT e.id, e.first_contact_at AS old,
        (SELECT min(ev.at) FROM enquiry_events ev
          WHERE ev.enquiry_id = e.id
            AND (ev.entry ->> 'type' = 'contact' OR (ev.entry ->> 'type' = 'note' AND ev.entry ->> 'contact' = 'true'))) AS first
      FROM enquiries e)
    UPDATE enquiries e SET first_contact_at = r.first,
      escalated_at = CASE WHEN r.first IS NULL THEN coalesce(e.escalated_at, r.old) ELSE e.escalated_at END
    FROM recounted r WHERE r.id = e.id AND r.first IS DISTINCT FROM r.old;

    -- The amount an enquiry asked is counted once however many lenders it went to: the largest of
    -- its applications that reached a lender. Added at the end of the row, the view and the recount.
    ALTER TABLE enquiry_pipeline ADD COLUMN asked_amount bigint NOT NULL DEFAULT 0;
    CREATE OR REPLACE VIEW enquiry_pipeline_source AS
      SELECT e.id AS enquiry_id, e.created_at, e.assignee_id, e.source_page,
        nullif(e.origin -> 'campaign' ->> 'campaign', '') AS campaign, e.status, e.closed_reason,
        e.first_response_due_at, e.first_contact_at,
        count(a.id)::integer AS applications, count(a.submitted_at)::integer AS submitted,
        coalesce(sum(a.amount) FILTER (WHERE a.submitted_at IS NOT NULL), 0)::bigint AS submitted_amount,
        count(a.sanctioned_amount)::integer AS sanctioned, coalesce(sum(a.sanctioned_amount), 0)::bigint AS sanctioned_amount,
        count(a.disbursed_amount)::integer AS disbursed, coalesce(sum(a.disbursed_amount), 0)::bigint AS disbursed_amount,
        min(a.sanctioned_at) AS sanctioned_at,
        coalesce(array_agg(coalesce(a.reason, '') ORDER BY a.id) FILTER (WHERE a.status = 'rejected'), '{}') AS rejections,
        coalesce(max(a.amount) FILTER (WHERE a.submitted_at IS NOT NULL), 0)::bigint AS asked_amount
      FROM enquiries e LEFT JOIN applications a ON a.enquiry_id = e.id
      GROUP BY e.id;
    CREATE OR REPLACE FUNCTION recount_enquiry_pipeline(enquiry text) RETURNS void LANGUAGE sql AS $$
      INSERT INTO enquiry_pipeline SELECT * FROM enquiry_pipeline_source WHERE enquiry_id = enquiry
      ON CONFLICT (enquiry_id) DO UPDATE SET (created_at, assignee_id, source_page, campaign, status, closed_reason,
          first_response_due_at, first_contact_at, applications, submitted, submitted_amount, sanctioned, sanctioned_amount,
          disbursed, disbursed_amount, sanctioned_at, rejections, asked_amount)
        = (EXCLUDED.created_at, EXCLUDED.assignee_id, EXCLUDED.source_page, EXCLUDED.campaign, EXCLUDED.status,
          EXCLUDED.closed_reason, EXCLUDED.first_response_due_at, EXCLUDED.first_contact_at, EXCLUDED.applications, EXCLUDED.submitted,
          EXCLUDED.submitted_amount, EXCLUDED.sanctioned, EXCLUDED.sanctioned_amount, EXCLUDED.disbursed,
          EXCLUDED.disbursed_amount, EXCLUDED.sanctioned_at, EXCLUDED.rejections, EXCLUDED.asked_amount)
    $$;
    UPDATE enquiry_pipeline p SET asked_amount = s.asked_amount
      FROM enquiry_pipeline_source s WHERE s.enquiry_id = p.enquiry_id AND s.asked_amount <> 0;
  `,
};
