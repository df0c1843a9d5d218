import type { Migration } from './migration';

export const migration: Migration = {
  version: 17,
  sql: `
    -- Documents asked for through a private link. The link's
    -- token is kept only as its SHA-256; a request, and the documents sent through it, go with the enquiry.
    CREATE TABLE document_requests (
      id text PRIMARY KEY,
      enquiry_id text NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      items jsonb NOT NULL,
      language text NOT NULL,
      created_at timestamptz NOT NULL,
      created_by jsonb NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_by jsonb
    );
    CREATE INDEX document_requests_by_enquiry ON document_requests (enquiry_id, created_at);
    -- Each document's name and bytes sealed with the secrets key (AES-256-GCM) before they reach the database.
    CREATE TABLE documents (
      id text PRIMARY KEY,
      enquiry_id text NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      request_id text NOT NULL REFERENCES document_requests (id) ON DELETE CASCADE,
      item integer NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      bytes integer NOT NULL,
      at timestamptz NOT NULL,
      data bytea NOT NULL
    );
    -- Sealed bytes do not compress: kept out of line as they are.
    ALTER TABLE documents ALTER COLUMN data SET STORAGE EXTERNAL;
    CREATE INDEX documents_by_enquiry ON documents (enquiry_id, at);
    CREATE INDEX documents_by_request ON documents (request_id, item);
  `,
};
