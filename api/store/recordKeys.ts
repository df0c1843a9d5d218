import { PHONE_FIELDS, type PublicFormKind } from '../../src/shared/forms/formSchemas';
import { parseReference } from '../../src/shared/enquiryReference';
import { phoneKey, phoneSearchDigits } from '../../src/shared/phone';

/**
 * The keys both stores find records by, written once: the phone number (its ten digits)
 * that joins one person's enquiries and requests, and the name and e-mail in lower case for search.
 */
export function phoneOf(form: PublicFormKind, fields: Record<string, string>): string {
  return phoneKey(fields[PHONE_FIELDS[form]] ?? '');
}

/** The number an enquiry gave, as stored (+91 and ten digits). */
export const enquiryPhone = (enquiry: { form: PublicFormKind; fields: Record<string, string> }): string =>
  enquiry.fields[PHONE_FIELDS[enquiry.form]] ?? '';

export function searchTextOf(fields: Record<string, string>): string {
  return `${fields.name ?? ''}\n${fields.email ?? ''}`.toLowerCase();
}

/** An e-mail address as one person is found by it: case does not matter. */
export const emailKey = (email: string | undefined): string | undefined => email?.toLowerCase();

/**
 * What a desk search looks for: text in the name or e-mail, digits in the phone number when it
 * looks like one, and the enquiry of that reference when it can be one (a name can read as a
 * reference too, so the reference is one more match, never the only one).
 */
export function searchTerms(q: string | undefined): { text: string; digits?: string; reference?: string } | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  const digits = phoneSearchDigits(q!);
  const reference = parseReference(q!);
  return { text, ...(digits !== undefined && { digits }), ...(reference !== undefined && { reference }) };
}

/**
 * The same keys in SQL over a row's form (the column named, since migration 3 ran before
 * `kind` became `form`) and `fields`, for a migration that fills them in for rows stored
 * before the columns existed. Generated from PHONE_FIELDS, and held to the functions above
 * by the PostgreSQL store's test.
 */
export const phoneSql = (formColumn: 'kind' | 'form') =>
  `right(regexp_replace(coalesce(CASE ${formColumn} ${Object.entries(PHONE_FIELDS)
    .map(([form, field]) => `WHEN '${form}' THEN fields->>'${field}'`)
    .join(' ')} END, ''), '[^0-9]', '', 'g'), 10)`;
export const SEARCH_SQL = `lower(coalesce(fields->>'name', '') || E'\\n' || coalesce(fields->>'email', ''))`;
