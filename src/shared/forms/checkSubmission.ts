import type { ValidateFunction } from 'ajv';
import { normalisePhone } from '../phone';
import { NOT_AN_OBJECT, validateBody } from './validateBody';
import type { BrowserWords } from '../languages';
import { CONSENT_FIELD, FORM_SCHEMAS, LANGUAGE_FIELD, PHONE_FIELDS, type FormSchema, type PublicFormKind } from './formSchemas';
import { localisedForm } from './formWords';

export type Enquiry = Record<string, string>;

/** A valid submission: its text answers, and whether the visitor ticked the consent box (forms that have one require it). */
export type EnquiryCheck =
  { ok: true; enquiry: Enquiry; consented: boolean; language: string } | { ok: false; message: string; errors: Record<string, string> };

/** The languages a form may be answered in: the site's first, and each one's words (undefined for one the site lacks). */
export interface FormLanguages {
  source: string;
  words(code: string): BrowserWords | undefined;
}

/** A form's schema in a language: its labels, hints, messages and answer. */
export function formIn(form: PublicFormKind, words: BrowserWords): FormSchema {
  return localisedForm(FORM_SCHEMAS[form], words.forms?.[form]);
}

/** The language a submission names, when the site has it; otherwise English. */
function languageOfBody(body: unknown, languages: FormLanguages): string {
  const named = body && typeof body === 'object' ? (body as Record<string, unknown>)[LANGUAGE_FIELD] : undefined;
  return typeof named === 'string' && languages.words(named) ? named : languages.source;
}

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
 * Checks one submission of a public form against its schema with its compiled validator:
 * the server with every form's at hand, the browser with the one its form fetched. Returns the stored shape (tidied, phone in normal form, the consent tick
 * apart from the answers) or a message per field in words a visitor understands.
 */
export function checkSubmission(form: PublicFormKind, body: unknown, validate: ValidateFunction, languages: FormLanguages): EnquiryCheck {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: NOT_AN_OBJECT, errors: {} };
  const language = languageOfBody(body, languages);
  const languageWords = languages.words(language)!;
  const words = languageWords.ui.forms;
  const check = validateBody<Enquiry & { [CONSENT_FIELD]?: true }>(
    formIn(form, languageWords),
    validate,
    tidyFields(body as Record<string, unknown>),
    words,
  );
  if (!check.ok) return check;
  const { [CONSENT_FIELD]: consent, [LANGUAGE_FIELD]: named, ...enquiry } = check.value;
  if (named !== undefined && named !== language)
    return { ok: false, message: words.fixTheFields, errors: { [LANGUAGE_FIELD]: words.badLanguage } };
  const phoneField = PHONE_FIELDS[form];
  // Every form requires its number but the status page's, where the e-mail's key may stand in for it.
  const phone = enquiry[phoneField];
  return {
    ok: true,
    enquiry: { ...enquiry, ...(phone !== undefined && { [phoneField]: normalisePhone(phone) }) },
    consented: consent === true,
    language,
  };
}
