import type { Migration } from './migration';

export const migration: Migration = {
  version: 20,
  sql: `
    -- An enquiry's form is called form everywhere (TypeScript, the API, the README's glossary);
    -- its column was kind. Renaming keeps the data, the index, the CHECK and the triggers' column
    -- lists (they follow the column); only the counting function's text names it, so it is made again.
    ALTER TABLE enquiries RENAME COLUMN kind TO form;
    ALTER TABLE enquiry_counts RENAME COLUMN kind TO form;
    CREATE OR REPLACE FUNCTION count_enquiry_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        INSERT INTO enquiry_counts VALUES (OLD.form, OLD.status, floor(random() * 16), -1)
        ON CONFLICT (form, status, slot) DO UPDATE SET n = enquiry_counts.n - 1;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO enquiry_counts VALUES (NEW.form, NEW.status, floor(random() * 16), 1)
        ON CONFLICT (form, status, slot) DO UPDATE SET n = enquiry_counts.n + 1;
      END IF;
      RETURN NULL;
    END $$;
  `,
};
