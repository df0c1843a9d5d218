import type { ValidateFunction } from 'ajv';
import type { PublicFormKind } from '../../shared/forms/formSchemas';

// One small chunk per form, so a page downloads only its own form's checks, and only once the visitor starts on it.
// The status page's two fields are checked by the server alone, so no page pays for a loader of them.
export type CheckedInBrowser = Exclude<PublicFormKind, 'status'>;
const LOADERS: Record<CheckedInBrowser, () => Promise<{ validate: ValidateFunction }>> = {
  contact: () => import('virtual:form-validator/contact'),
  about: () => import('virtual:form-validator/about'),
  privacy: () => import('virtual:form-validator/privacy'),
};

/** The compiled checks of one form; the same code the server runs. */
export function loadValidator(kind: CheckedInBrowser): Promise<ValidateFunction> {
  return LOADERS[kind]().then((module) => module.validate);
}
