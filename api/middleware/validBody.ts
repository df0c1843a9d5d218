import { validator } from 'hono/validator';
import type { AdminBodies } from '../../src/shared/forms/adminBodies.generated';
import { ADMIN_BODY_SCHEMAS, type AdminBodyKind } from '../../src/shared/forms/adminBodySchemas';
import { formAjv } from '../../src/shared/forms/formAjv';
import { validateBody, type BodyCheck } from '../../src/shared/forms/validateBody';
import { parseJsonBody } from './jsonBody';

/** Compiled once at start, by the same compiler as the public forms' checks (api/forms/formChecks.ts). */
const ajv = formAjv();
const validators = Object.fromEntries(Object.entries(ADMIN_BODY_SCHEMAS).map(([kind, schema]) => [kind, ajv.compile(schema)]));

/** One of the admin API's bodies (src/shared/forms/adminBodySchemas.ts) against its schema. */
function checkBody<T>(kind: AdminBodyKind, body: unknown): BodyCheck<T> {
  return validateBody<T>(ADMIN_BODY_SCHEMAS[kind], validators[kind]!, body);
}

/**
 * The admin API's check of a JSON body against its schema in schemas/admin: 400 with a message
 * for each field refused, else the handler reads it, typed from the same schema, as c.req.valid('json').
 * The body was parsed by parseJsonBody before (its 415 and 400 answers), so it is not parsed twice.
 */
export const validBody = <Kind extends keyof AdminBodies>(kind: Kind) =>
  [
    parseJsonBody,
    validator('json', (value, c) => {
      const check = checkBody<AdminBodies[Kind]>(kind, value);
      return check.ok ? check.value : c.json({ message: check.message, errors: check.errors }, 400);
    }),
  ] as const;

/** The same check of a GET request's query (a person's phone or e-mail, say), read as c.req.valid('query'). */
export const validQuery = <Kind extends keyof AdminBodies>(kind: Kind) =>
  validator('query', (value, c) => {
    const check = checkBody<AdminBodies[Kind]>(kind, value);
    return check.ok ? check.value : c.json({ message: check.message, errors: check.errors }, 400);
  });
