import type { ErrorObject, ValidateFunction } from 'ajv';
import * as validators from 'virtual:form-validators';
import { BODY_SCHEMAS, type BodyKind, type BodySchema } from './bodySchemas';

export type BodyCheck<T> = { ok: true; value: T } | { ok: false; message: string; errors: Record<string, string> };

export const NOT_AN_OBJECT = 'Send the form as a JSON object of its fields.';
export const FIX_THE_FIELDS = 'Some answers need correcting.';

function messageFor(schema: BodySchema, error: ErrorObject): [field: string, message: string] {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'additionalProperties') return [String(params.additionalProperty), 'This field is not part of the form'];
  const field = error.keyword === 'required' ? String(params.missingProperty) : (error.instancePath.split('/')[1] ?? '');
  const messages = (field ? schema.properties[field]?.['x-messages'] : schema['x-messages']) ?? {};
  return [field, messages[error.keyword] ?? messages.type ?? 'Check this answer'];
}

/**
 * Checks a body against its compiled schema and turns each failure into one message per
 * field, in the words the schema gives (`x-messages`); the first failure of a field wins.
 */
export function validateBody<T>(schema: BodySchema, validate: ValidateFunction, body: unknown): BodyCheck<T> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: NOT_AN_OBJECT, errors: {} };
  if (validate(body)) return { ok: true, value: body as T };
  const errors = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    const [field, message] = messageFor(schema, error);
    if (!errors.has(field)) errors.set(field, message);
  }
  return { ok: false, message: FIX_THE_FIELDS, errors: Object.fromEntries(errors) };
}

/** One of the admin API's bodies (see bodySchemas.ts). */
export function checkBody<T>(kind: BodyKind, body: unknown): BodyCheck<T> {
  return validateBody<T>(BODY_SCHEMAS[kind], validators[kind], body);
}
