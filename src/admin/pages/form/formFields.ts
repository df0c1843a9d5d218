import type { SchemaOutline } from '../../../shared/pageEditor';
import { humanize } from '../../../shared/plainProblems';

/** A field's label: the schema's title, or its key said in words. */
export const labelOf = (outline: SchemaOutline | undefined, key: string | number) => outline?.title ?? humanize(String(key));

/** The element id of the field at a pointer, so the error summary can link to it. */
export const fieldId = (form: string, pointer: readonly (string | number)[]) =>
  `${form}-${pointer.join('-').replace(/[^\w-]/g, '_') || 'page'}`;

/** Whether a value is of the kind the schema asks for, so the form can show it (otherwise the YAML view fixes it). */
export function fits(outline: SchemaOutline, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  switch (outline.type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
    default:
      return outline.values ? typeof value === 'string' : typeof value !== 'object';
  }
}

const characters = (count: number) => `${count} character${count === 1 ? '' : 's'}`;

/**
 * What is wrong with what the person has typed, checked against the schema as they type, in the
 * check's own words: the length, the pattern, a number's range. Undefined when it is fine.
 */
export function typedError(outline: SchemaOutline, label: string, typed: string, required: boolean): string | undefined {
  const text = typed.trim();
  if (text === '') return required ? `Write the ${label.toLowerCase()}.` : undefined;
  if (outline.type === 'integer' || outline.type === 'number') {
    const number = Number(text);
    if (!Number.isFinite(number) || (outline.type === 'integer' && !Number.isInteger(number)))
      return `${label} must be ${outline.type === 'integer' ? 'a whole number' : 'a number'}, such as ${outline.minimum ?? 10}.`;
    if (outline.minimum !== undefined && number < outline.minimum) return `${label} must be at least ${outline.minimum}.`;
    if (outline.maximum !== undefined && number > outline.maximum) return `${label} must be at most ${outline.maximum}.`;
    return undefined;
  }
  if (outline.minLength !== undefined && text.length < outline.minLength)
    return `${label} must have at least ${characters(outline.minLength)} (it has ${text.length}).`;
  if (outline.maxLength !== undefined && text.length > outline.maxLength)
    return `${label} must have at most ${characters(outline.maxLength)} (it has ${text.length}).`;
  if (outline.pattern && !new RegExp(outline.pattern, 'u').test(text))
    return `${label} ${outline.patternMessage ?? 'is not written in the form this field expects'}.`;
  if (outline.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${label} must be a date.`;
  return undefined;
}

/** The value the YAML gets from what was typed: a number for a number field, the words without spaces around them. */
export function typedValue(outline: SchemaOutline, typed: string): string | number | boolean {
  const text = typed.trim();
  if ((outline.type === 'integer' || outline.type === 'number') && text !== '' && Number.isFinite(Number(text))) return Number(text);
  return text;
}

/** Long texts get a text area; headings and names a line. */
export const isLongText = (outline: SchemaOutline) =>
  outline.type === 'string' && !outline.values && !outline.names && !outline.format && (outline.maxLength ?? 1000) > 120;

/** "a card", "an answer": an item named with its article, for Add a card. */
export const withArticle = (name: string) => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name.toLowerCase()}`;
