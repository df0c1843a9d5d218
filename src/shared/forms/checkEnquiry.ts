import type { ErrorObject } from 'ajv';
import * as validators from 'virtual:form-validators';
import { normalisePhone } from '../phone';
import { FORM_SCHEMAS, PHONE_FIELDS, type FormKind } from './formSchemas';

export type Enquiry = Record<string, string>;

export type EnquiryCheck = { ok: true; enquiry: Enquiry } | { ok: false; message: string; errors: Record<string, string> };

const NOT_AN_OBJECT = 'Send the form as a JSON object of its fields.';
const FIX_THE_FIELDS = 'Some answers need correcting.';

/** Trims every text value and drops empty ones, so "  " counts as not answered. */
export function tidyFields(body: Record<string, unknown>): Record<string, unknown> {
  // fromEntries defines own properties, so a "__proto__" key stays a plain (rejected) field.
  return Object.fromEntries(
    Object.entries(body)
      .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
      .filter(([, value]) => value !== ''),
  );
}

function messageFor(kind: FormKind, error: ErrorObject): [field: string, message: string] {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'additionalProperties') {
    return [String(params.additionalProperty), 'This field is not part of the form'];
  }
  const field = error.keyword === 'required' ? String(params.missingProperty) : (error.instancePath.split('/')[1] ?? '');
  const messages = FORM_SCHEMAS[kind].properties[field]?.['x-messages'] ?? {};
  return [field, messages[error.keyword] ?? messages.type ?? 'Check this answer'];
}

/**
 * Checks one submission of a form against its schema, exactly as the browser does
 * before sending. Returns the stored shape (tidied, phone in normal form) or a message
 * per field in words a visitor understands.
 */
export function checkEnquiry(kind: FormKind, body: unknown): EnquiryCheck {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, message: NOT_AN_OBJECT, errors: {} };
  }
  const tidy = tidyFields(body as Record<string, unknown>);
  const validate = validators[kind];
  if (!validate(tidy)) {
    const errors = new Map<string, string>();
    for (const error of validate.errors ?? []) {
      const [field, message] = messageFor(kind, error);
      if (!errors.has(field)) errors.set(field, message);
    }
    return { ok: false, message: FIX_THE_FIELDS, errors: Object.fromEntries(errors) };
  }
  const enquiry = tidy as Enquiry;
  const phoneField = PHONE_FIELDS[kind];
  return { ok: true, enquiry: { ...enquiry, [phoneField]: normalisePhone(enquiry[phoneField]!) } };
}
