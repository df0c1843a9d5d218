import { checkSubmission, type EnquiryCheck, type FormLanguages } from '../../src/shared/forms/checkSubmission';
import { formAjv } from '../../src/shared/forms/formAjv';
import { FORM_SCHEMAS, type PublicFormKind } from '../../src/shared/forms/formSchemas';

/**
 * The server's checks of the public forms, compiled once at start from the same schemas the
 * browser's validators are built from, so the two cannot disagree. (The admin API's bodies are
 * checked in middleware/validBody.ts.)
 */
const ajv = formAjv();
const formValidators = Object.fromEntries(Object.entries(FORM_SCHEMAS).map(([form, schema]) => [form, ajv.compile(schema)]));

export function checkEnquiry(form: PublicFormKind, body: unknown, languages: FormLanguages): EnquiryCheck {
  return checkSubmission(form, body, formValidators[form]!, languages);
}
