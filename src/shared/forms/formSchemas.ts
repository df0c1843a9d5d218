import aboutSchema from '../../../schemas/aboutform.schema.json' with { type: 'json' };
import contactSchema from '../../../schemas/contactform.schema.json' with { type: 'json' };
import privacySchema from '../../../schemas/privacyrequest.schema.json' with { type: 'json' };
import statusSchema from '../../../schemas/statusform.schema.json' with { type: 'json' };

/**
 * How a form field is drawn; `hidden` and `honeypot` fields are never typed by a visitor,
 * and `consent` is the tick box under the privacy notice.
 */
export type InputKind = 'text' | 'tel' | 'email' | 'textarea' | 'select' | 'hidden' | 'honeypot' | 'consent';

export interface FieldSchema {
  title: string;
  'x-input': InputKind;
  'x-autocomplete'?: string;
  'x-hint'?: string;
  'x-options'?: { label: string; value: string }[];
  'x-messages': Partial<Record<string, string>>;
}

/** The parts of schemas/<form>.schema.json that the form and the server read beside validation. */
export interface FormSchema {
  $id: string;
  title: string;
  required: string[];
  'x-endpoint': string;
  'x-submit': string;
  'x-success': string;
  properties: Record<string, FieldSchema>;
}

/** The two enquiry forms, whose answers become leads on the desk. */
export type FormKind = 'about' | 'contact';
export const ENQUIRY_FORMS: readonly FormKind[] = ['contact', 'about'];
/** Every form a visitor can send: the enquiry forms, the request about one's personal data, and the status page's. */
export type PublicFormKind = FormKind | 'privacy' | 'status';

export const FORM_SCHEMAS: Record<PublicFormKind, FormSchema> = {
  about: aboutSchema as FormSchema,
  contact: contactSchema as FormSchema,
  privacy: privacySchema as FormSchema,
  status: statusSchema as FormSchema,
};

/** Fields with a phone number, stored in one normal form. */
export const PHONE_FIELDS: Record<PublicFormKind, string> = { about: 'phoneno', contact: 'number', privacy: 'phone', status: 'phone' };
export const CONSENT_FIELD = 'consent';
/** The hidden field naming the language of the page a form was sent from. */
export const LANGUAGE_FIELD = 'lang';

export const HONEYPOT_FIELD = 'website';

/** The questions a visitor answers on a form, in form order, each with its label as staff read it. */
export function answerFields(form: PublicFormKind): { name: string; label: string }[] {
  return Object.entries(FORM_SCHEMAS[form].properties)
    .filter(([, field]) => !['hidden', 'honeypot', 'consent'].includes(field['x-input']))
    .map(([name, field]) => ({ name, label: field.title.replace(' (optional)', '') }));
}

/**
 * A stored answer as staff read it: a choice by its option's label (other as Other), anything else,
 * and a value no option sends any more (StartUp Help, from before each choice was kept), as stored.
 */
export function answerText(form: PublicFormKind, name: string, value: string): string {
  return FORM_SCHEMAS[form].properties[name]?.['x-options']?.find((option) => option.value === value)?.label ?? value;
}
