import type { ErrorObject } from 'ajv';
import { closest, distance } from 'fastest-levenshtein';
import { BLOCK_TYPES } from './contentSchemas.js';

/** Where a schema error points, as JSON pointer segments, and which key it is about. */
export interface ErrorTarget {
  pointer: string[];
  unknownKey?: string;
  message: string;
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a section with its own keys',
  null: 'empty',
};

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a section with its own keys';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return 'true or false';
  return 'a number';
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** blocks/2/items/0/title → blocks[2].items[0].title, the way an author reads it. */
export function displayPath(pointer: string[]): string {
  return pointer.reduce((text, segment) => (/^\d+$/.test(segment) ? `${text}[${segment}]` : text ? `${text}.${segment}` : segment), '');
}

function valueAt(data: unknown, pointer: string[]): unknown {
  return pointer.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    data,
  );
}

function knownKeys(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

function unknownKeyMessage(key: string, parentSchema: unknown): string {
  const keys = knownKeys(parentSchema);
  const suggestion = keys.length ? closest(key, keys) : undefined;
  const hint = suggestion && suggestion.toLowerCase() !== key.toLowerCase() ? `; did you mean "${suggestion}"?` : '';
  return keys.length
    ? `is not a key this section knows${hint || `; it takes ${keys.map((k) => `"${k}"`).join(', ')}`}`
    : 'is not a key this section knows';
}

/**
 * Turns one ajv error into a location and a sentence an author understands.
 * Returns undefined for errors that another error already explains better.
 */
export function describeError(error: ErrorObject, data: unknown): ErrorTarget | undefined {
  const pointer = parsePointer(error.instancePath);
  const value = valueAt(data, pointer);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const expected = String(params.type)
        .split(',')
        .map((type) => EXPECTED[type] ?? type)
        .join(' or ');
      const actual = describeValue(value);
      return { pointer, message: actual === 'empty' ? `must be ${expected}, but it is empty` : `must be ${expected}, not ${actual}` };
    }
    case 'required':
      return { pointer, message: `is missing the required key "${String(params.missingProperty)}"` };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(params.additionalProperty ?? params.unevaluatedProperty);
      return { pointer: [...pointer, key], unknownKey: key, message: unknownKeyMessage(key, error.parentSchema) };
    }
    case 'discriminator': {
      if (params.tagValue === undefined) return undefined; // "required" already reports the missing type
      const typeName = JSON.stringify(params.tagValue).replace(/^"|"$/g, '');
      const suggestion = closest(typeName, BLOCK_TYPES);
      return {
        pointer: [...pointer, 'type'],
        message:
          distance(typeName, suggestion) <= 3
            ? `"${typeName}" is not a block type; did you mean "${suggestion}"?`
            : `"${typeName}" is not a block type; use one of: ${BLOCK_TYPES.join(', ')}`,
      };
    }
    case 'enum':
      return { pointer, message: `must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { pointer, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'minLength':
      return { pointer, message: `must have at least ${String(params.limit)} characters (it has ${String(value).length})` };
    case 'maxLength':
      return { pointer, message: `must have at most ${String(params.limit)} characters (it has ${String(value).length})` };
    case 'minItems':
      return {
        pointer,
        message: `needs at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'} (it has ${(value as unknown[]).length})`,
      };
    case 'maxItems':
      return { pointer, message: `may have at most ${String(params.limit)} items (it has ${(value as unknown[]).length})` };
    case 'minimum':
      return { pointer, message: `must be at least ${String(params.limit)}` };
    case 'maximum':
      return { pointer, message: `must be at most ${String(params.limit)}` };
    case 'multipleOf':
      return { pointer, message: `must be a multiple of ${String(params.multipleOf)}` };
    case 'uniqueItems':
      return { pointer, message: `lists the same entry twice (items ${String(params.j)} and ${String(params.i)})` };
    case 'format':
      return {
        pointer,
        message:
          params.format === 'date'
            ? 'must be a date written as YYYY-MM-DD, such as 2026-11-22'
            : `must be a valid ${String(params.format)}`,
      };
    case 'pattern':
      return { pointer, message: 'is not written in the form this field expects' };
    case 'if':
    case 'oneOf':
    case 'anyOf':
      return undefined; // the errors of the branch that applied say what is wrong
    default:
      return { pointer, message: error.message ?? 'is not valid here' };
  }
}
