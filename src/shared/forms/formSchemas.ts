import aboutSchema from '../../../schemas/aboutform.schema.json' with { type: 'json' };
import contactSchema from '../../../schemas/contactform.schema.json' with { type: 'json' };

/** How a form field is drawn; `hidden` and `honeypot` fields are never typed by a visitor. */
export type InputKind = 'text' | 'tel' | 'email' | 'textarea' | 'select' | 'hidden' | 'honeypot';

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

export type FormKind = 'about' | 'contact';

export const FORM_SCHEMAS: Record<FormKind, FormSchema> = {
  about: aboutSchema as FormSchema,
  contact: contactSchema as FormSchema,
};

/** Fields with a phone number, stored in one normal form. */
export const PHONE_FIELDS: Record<FormKind, string> = { about: 'phoneno', contact: 'number' };

export const HONEYPOT_FIELD = 'website';

/** The questions a visitor answers on a form, in form order, each with its label as staff read it. */
export function answerFields(kind: FormKind): { name: string; label: string }[] {
  return Object.entries(FORM_SCHEMAS[kind].properties)
    .filter(([, field]) => field['x-input'] !== 'hidden' && field['x-input'] !== 'honeypot')
    .map(([name, field]) => ({ name, label: field.title.replace(' (optional)', '') }));
}
