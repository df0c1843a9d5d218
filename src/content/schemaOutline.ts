import path from 'node:path';
import { stringify } from 'yaml';
import type { ContentOutlines, SchemaOutline } from '../shared/pageEditor.js';
import { blockName, skeletonOf } from '../shared/placeholders.js';
import {
  ALL_SCHEMA_FILES,
  blockSchemaFiles,
  deskSchemaFile,
  formsWordsSchemaFile,
  glossarySchemaFile,
  pageSchemaFile,
  privacySchemaFile,
  siteSchemaFile,
  siteTranslationSchemaFile,
  styleSchemaFile,
  uiSchemaFile,
  type SchemaFile,
} from './contentSchemas.js';

type Schema = Record<string, unknown> & {
  $ref?: string;
  description?: string;
  title?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  type?: string | string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  errorMessage?: string | { pattern?: string };
  'x-route-link'?: boolean;
  'x-image-file'?: boolean;
  'x-icon'?: boolean;
};

/** The limits and kinds a form field checks as the person types, copied as the schema has them. */
const LIMITS = ['minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;
const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object']);

function kindOf(
  schema: Schema,
): Pick<SchemaOutline, 'type' | 'names' | 'patternMessage'> & Partial<Pick<SchemaOutline, (typeof LIMITS)[number]>> {
  const type = Array.isArray(schema.type) ? undefined : schema.type;
  const found: ReturnType<typeof kindOf> = {};
  if (type && TYPES.has(type)) found.type = type as SchemaOutline['type'];
  for (const limit of LIMITS) if (schema[limit] !== undefined) (found as Record<string, unknown>)[limit] = schema[limit];
  const patternMessage = typeof schema.errorMessage === 'object' ? schema.errorMessage.pattern : undefined;
  if (patternMessage) found.patternMessage = patternMessage;
  if (schema['x-route-link']) found.names = 'page';
  if (schema['x-image-file']) found.names = 'picture';
  if (schema['x-icon']) found.names = 'icon';
  return found;
}

const byFile = new Map(ALL_SCHEMA_FILES.map((entry) => [entry.file, entry.schema as Schema]));

/** Follows a $ref written relative to `from` (a schema file's path), with an optional #/pointer. */
function resolve(ref: string, from: string): { schema: Schema; file: string } {
  const [target = '', pointer = ''] = ref.split('#');
  const file = target ? path.posix.normalize(path.posix.join(path.posix.dirname(from), target)) : from;
  let schema = byFile.get(file);
  if (!schema) throw new Error(`${from} refers to ${ref}, which is not a content schema`);
  for (const part of pointer.split('/').filter(Boolean)) schema = (schema as Record<string, Schema>)[part]!;
  return { schema, file };
}

const MAX_DEPTH = 8;

/** Two alternatives as one: every key of either, and every value either allows (a block's `type` lists them all). */
function merge(a: SchemaOutline, b: SchemaOutline): SchemaOutline {
  const keys = new Set([...Object.keys(a.properties ?? {}), ...Object.keys(b.properties ?? {})]);
  const properties = Object.fromEntries(
    [...keys].map((key) => {
      const [left, right] = [a.properties?.[key], b.properties?.[key]];
      return [key, left && right ? merge(left, right) : (left ?? right)!];
    }),
  );
  const values = a.values || b.values ? [...new Set([...(a.values ?? []), ...(b.values ?? [])])] : undefined;
  const description = a.description ?? b.description;
  const items = a.items && b.items ? merge(a.items, b.items) : (a.items ?? b.items);
  return {
    ...b,
    ...a,
    ...(description && { description }),
    ...(values && { values }),
    ...(keys.size > 0 && { properties }),
    ...(items && { items }),
    ...((a.required ?? b.required) && { required: a.required ?? b.required }),
  };
}

/** The schema as the editor's help needs it: references followed, alternatives merged, descriptions and allowed values kept. */
function outline(schema: Schema, file: string, depth = 0): SchemaOutline {
  if (schema.$ref) {
    const { schema: target, file: targetFile } = resolve(schema.$ref, file);
    const inner = outline(target, targetFile, depth);
    return {
      ...inner,
      ...kindOf(schema),
      ...(schema.description && { description: schema.description }),
      ...(schema.title && { title: schema.title }),
    };
  }
  const result: SchemaOutline = kindOf(schema);
  if (schema.title) result.title = schema.title;
  const description = schema.description ?? schema.title;
  if (description) result.description = description;
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values) result.values = values.map(String);
  if (depth >= MAX_DEPTH) return result;
  let merged = result;
  for (const alternative of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) {
    merged = merge(merged, outline(alternative, file, depth + 1));
  }
  Object.assign(result, merged);
  if (schema.properties) {
    result.properties = {
      ...result.properties,
      ...Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, outline(value, file, depth + 1)])),
    };
  }
  if (schema.required) result.required = schema.required;
  if (schema.items) result.items = outline(schema.items, file, depth + 1);
  return result;
}

let outlines: ContentOutlines | undefined;

/** The outline of every kind of content file, and each block type with its required keys, for the page editor (worked out once). */
export function contentOutlines(): ContentOutlines {
  outlines ??= outlinesOfSchemas();
  return outlines;
}

function outlinesOfSchemas(): ContentOutlines {
  const page = outline(pageSchemaFile.schema, pageSchemaFile.file);
  const blocks = blockSchemaFiles.map((entry) => {
    const block = outline(entry.schema, entry.file);
    const type = block.properties?.type?.values?.[0] ?? '';
    const yaml = stringify([skeletonOf(block, blockName(block, type), undefined, true)], { lineWidth: 0 });
    return { type, description: block.description ?? '', yaml, outline: block };
  });
  const of = (entry: SchemaFile) => outline(entry.schema, entry.file);
  return {
    page,
    blocks,
    files: {
      '_site.yaml': of(siteSchemaFile),
      '_desk.yaml': of(deskSchemaFile),
      '_housestyle.yaml': of(styleSchemaFile),
      '_privacy.yaml': of(privacySchemaFile),
      '_ui.yaml': of(uiSchemaFile),
      '_glossary.yaml': of(glossarySchemaFile),
      '_forms.yaml': of(formsWordsSchemaFile),
      'translation/_site.yaml': of(siteTranslationSchemaFile),
    },
  };
}
