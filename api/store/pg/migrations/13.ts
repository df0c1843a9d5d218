import type { Migration } from './migration';

export const migration: Migration = {
  version: 13,
  sql: `
    -- Casework: each enquiry's advisor (an account's id, kept when the account goes, as the history keeps its name).
    ALTER TABLE enquiries ADD COLUMN assignee_id text;
    CREATE INDEX enquiries_by_assignee ON enquiries (assignee_id, created_at DESC, seq DESC) WHERE assignee_id IS NOT NULL;
    -- The languages each advisor speaks, and whether the assignment rule gives them new enquiries.
    ALTER TABLE accounts ADD COLUMN languages text[] NOT NULL DEFAULT '{}', ADD COLUMN available boolean NOT NULL DEFAULT false;
    -- The first-response clock: when the target runs out, the first contact that stops it, and the one escalation.
    ALTER TABLE enquiries ADD COLUMN first_response_due_at timestamptz, ADD COLUMN first_contact_at timestamptz,
      ADD COLUMN escalated_at timestamptz;
    UPDATE enquiries SET first_contact_at = first_status_change_at WHERE first_status_change_at IS NOT NULL;
    -- Only enquiries still waiting for a first contact are ever looked up by their target.
    CREATE INDEX enquiries_awaiting_first_response ON enquiries (first_response_due_at) WHERE first_contact_at IS NULL;
    -- Applications to lenders, several per enquiry, erased with it. Amounts in whole rupees.
    CREATE TABLE applications (
      id text PRIMARY KEY,
      enquiry_id text NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      lender text NOT NULL,
      product text NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      status text NOT NULL,
      reason text,
      sanctioned_amount bigint CHECK (sanctioned_amount >= 0),
      disbursed_amount bigint CHECK (disbursed_amount >= 0),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      history jsonb NOT NULL
    );
    CREATE INDEX applications_by_enquiry ON applications (enquiry_id, created_at);
  `,
};
