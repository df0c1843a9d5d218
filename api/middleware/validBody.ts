import { validator } from 'hono/validator';
import type { AdminBodies } from '../../src/shared/forms/adminBodies.generated';
import { checkBody } from '../forms/formChecks';
import { parseJsonBody } from './jsonBody';

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
