import type { ErrorObject, ValidateFunction } from 'ajv';
import type { BodySchema } from './adminBodySchemas';

export type BodyCheck<T> = { ok: true; value: T } | { ok: false; message: string; errors: Record<string, string> };

export const NOT_AN_OBJECT = 'Send the form as a JSON object of its fields.';

/** The general words of a check's answer, in the visitor's language for the public forms. */
export interface CheckWords {
  fixTheFields: string;
  notPartOfForm: string;
  checkAnswer: string;
}

const ENGLISH: CheckWords = {
  fixTheFields: 'Some answers need correcting.',
  notPartOfForm: 'This field is not part of the form',
  checkAnswer: 'Check this answer',
};

function messageFor(schema: BodySchema, error: ErrorObject, words: CheckWords): [field: string, message: string] {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'additionalProperties') return [String(params.additionalProperty), words.notPartOfForm];
  const field = error.keyword === 'required' ? String(params.missingProperty) : (error.instancePath.split('/')[1] ?? '');
  const messages = (field ? schema.properties[field]?.['x-messages'] : schema['x-messages']) ?? {};
  return [field, messages[error.keyword] ?? messages.type ?? words.checkAnswer];
}

/**
 * Checks a body against its compiled schema and turns each failure into one message per
 * field, in the words the schema gives (`x-messages`); the first failure of a field wins.
 */
export function validateBody<T>(schema: BodySchema, validate: ValidateFunction, body: unknown, words = ENGLISH): BodyCheck<T> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: NOT_AN_OBJECT, errors: {} };
  if (validate(body)) return { ok: true, value: body as T };
  const errors = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    const [field, message] = messageFor(schema, error, words);
    if (!errors.has(field)) errors.set(field, message);
  }
  return { ok: false, message: words.fixTheFields, errors: Object.fromEntries(errors) };
}
