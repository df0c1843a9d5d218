import type { Migration } from './migration';

export const migration: Migration = {
  version: 14,
  sql: `
    -- Each enquiry's reference (src/shared/enquiryReference.ts): eight characters of Crockford's
    -- base 32, each from 5 bits of a random UUID (bytes 0-5, 7 and 8, whose low 5 bits are random;
    -- gen_random_uuid draws them from a cryptographic source). Enquiries stored before get one now.
    ALTER TABLE enquiries ADD COLUMN reference text;
    CREATE FUNCTION pg_temp.new_reference() RETURNS text LANGUAGE sql VOLATILE AS $fn$
      SELECT 'VF-' || left(code, 4) || '-' || right(code, 4)
      FROM (SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + (get_byte(bytes, i) & 31), 1), '' ORDER BY n) AS code
            FROM (SELECT uuid_send(gen_random_uuid()) AS bytes) AS random,
                 unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 8]) WITH ORDINALITY AS picked (i, n)) AS drawn
    $fn$;
    UPDATE enquiries SET reference = pg_temp.new_reference();
    -- Two enquiries drawn the same: the later one draws again, until none share one.
    DO $do$ BEGIN
      LOOP
        UPDATE enquiries SET reference = pg_temp.new_reference()
        WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY reference ORDER BY created_at, seq) AS n FROM enquiries) AS d WHERE n > 1);
        EXIT WHEN NOT FOUND;
      END LOOP;
    END $do$;
    DROP FUNCTION pg_temp.new_reference();
    ALTER TABLE enquiries ALTER COLUMN reference SET NOT NULL;
    CREATE UNIQUE INDEX enquiries_by_reference ON enquiries (reference);
  `,
};
