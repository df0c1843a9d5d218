import * as validators from 'virtual:form-validators';
import { normalisePhone } from '../phone';
import { NOT_AN_OBJECT, validateBody } from './checkBody';
import { CONSENT_FIELD, FORM_SCHEMAS, PHONE_FIELDS, type PublicFormKind } from './formSchemas';

export type Enquiry = Record<string, string>;

/** A valid submission: its text answers, and whether the visitor ticked the consent box (forms that have one require it). */
export type EnquiryCheck =
  { ok: true; enquiry: Enquiry; consented: boolean } | { ok: false; message: string; errors: Record<string, string> };

/** Trims every text value and drops empty ones, so "  " counts as not answered. */
export function tidyFields(body: Record<string, unknown>): Record<string, unknown> {
  // fromEntries defines own properties, so a "__proto__" key stays a plain (rejected) field.
  return Object.fromEntries(
    Object.entries(body)
      .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
      .filter(([, value]) => value !== ''),
  );
}

/**
 * Checks one submission of a public form against its schema, exactly as the browser does
 * before sending. Returns the stored shape (tidied, phone in normal form, the consent tick
 * apart from the answers) or a message per field in words a visitor understands.
 */
export function checkEnquiry(kind: PublicFormKind, body: unknown): EnquiryCheck {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: NOT_AN_OBJECT, errors: {} };
  const check = validateBody<Enquiry & { [CONSENT_FIELD]?: true }>(
    FORM_SCHEMAS[kind],
    validators[kind],
    tidyFields(body as Record<string, unknown>),
  );
  if (!check.ok) return check;
  const { [CONSENT_FIELD]: consent, ...enquiry } = check.value;
  const phoneField = PHONE_FIELDS[kind];
  return { ok: true, enquiry: { ...enquiry, [phoneField]: normalisePhone(enquiry[phoneField]!) }, consented: consent === true };
}
