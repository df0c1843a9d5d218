import type { Migration } from './migration';

export const migration: Migration = {
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
};
