import * as validators from 'virtual:form-validators';
import type { PublicFormKind } from './formSchemas';
import { checkSubmission, type EnquiryCheck } from './checkSubmission';

/** The server's check of a public form's submission, with every form's validator compiled in. */
export function checkEnquiry(kind: PublicFormKind, body: unknown): EnquiryCheck {
  return checkSubmission(kind, body, validators[kind]);
}
