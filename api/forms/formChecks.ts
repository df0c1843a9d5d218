import { BODY_SCHEMAS, type BodyKind } from '../../src/shared/forms/bodySchemas';
import { checkSubmission, type EnquiryCheck, type FormLanguages } from '../../src/shared/forms/checkSubmission';
import { formAjv } from '../../src/shared/forms/formAjv';
import { FORM_SCHEMAS, type PublicFormKind } from '../../src/shared/forms/formSchemas';
import { validateBody, type BodyCheck } from '../../src/shared/forms/validateBody';

/**
 * The server's checks of the public forms and the admin API's bodies, compiled once at
 * start from the same schemas the browser's validators are built from, so the two cannot disagree.
 */
const ajv = formAjv();
const formValidators = Object.fromEntries(Object.entries(FORM_SCHEMAS).map(([kind, schema]) => [kind, ajv.compile(schema)]));
const bodyValidators = Object.fromEntries(Object.entries(BODY_SCHEMAS).map(([kind, schema]) => [kind, ajv.compile(schema)]));

export function checkEnquiry(kind: PublicFormKind, body: unknown, languages: FormLanguages): EnquiryCheck {
  return checkSubmission(kind, body, formValidators[kind]!, languages);
}

/** One of the admin API's bodies (see src/shared/forms/bodySchemas.ts). */
export function checkBody<T>(kind: BodyKind, body: unknown): BodyCheck<T> {
  return validateBody<T>(BODY_SCHEMAS[kind], bodyValidators[kind]!, body);
}
