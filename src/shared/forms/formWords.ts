import { FORM_SCHEMAS, type FieldSchema, type FormSchema, type PublicFormKind } from './formSchemas.js';

/** The words of one field: its label, hint, the labels of its options and its error messages. */
export interface FieldWords {
  label: string;
  hint?: string;
  options?: string[];
  messages: Record<string, string>;
}

/** The words of one form, as pages-data/<language>/_forms.yaml gives them for a language. */
export interface FormWords {
  submit: string;
  success: string;
  fields: Record<string, FieldWords>;
}

export type FormsWords = Record<PublicFormKind, FormWords>;

const UNSEEN = new Set(['hidden', 'honeypot']);

/** The English words of every public form, read from the form schemas: what a translation of _forms.yaml follows. */
export function englishFormWords(): FormsWords {
  const words = (schema: FormSchema): FormWords => ({
    submit: schema['x-submit'],
    success: schema['x-success'],
    fields: Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([, field]) => !UNSEEN.has(field['x-input']))
        .map(([name, field]) => [
          name,
          {
            label: field.title,
            ...(field['x-hint'] && { hint: field['x-hint'] }),
            ...(field['x-options'] && { options: field['x-options'].map((option) => option.label) }),
            messages: field['x-messages'] as Record<string, string>,
          },
        ]),
    ),
  });
  return {
    contact: words(FORM_SCHEMAS.contact),
    about: words(FORM_SCHEMAS.about),
    privacy: words(FORM_SCHEMAS.privacy),
    status: words(FORM_SCHEMAS.status),
  };
}

/** A form's schema with its visible words in another language; what it checks stays exactly the same. */
export function localisedForm(schema: FormSchema, words: FormWords | undefined): FormSchema {
  if (!words) return schema;
  const field = (name: string, original: FieldSchema): FieldSchema => {
    const own = words.fields[name];
    if (!own) return original;
    return {
      ...original,
      title: own.label,
      ...(own.hint && { 'x-hint': own.hint }),
      ...(original['x-options'] && {
        'x-options': original['x-options'].map((option, index) => ({ ...option, label: own.options?.[index] ?? option.label })),
      }),
      'x-messages': { ...original['x-messages'], ...own.messages },
    };
  };
  return {
    ...schema,
    'x-submit': words.submit,
    'x-success': words.success,
    properties: Object.fromEntries(Object.entries(schema.properties).map(([name, original]) => [name, field(name, original)])),
  };
}
