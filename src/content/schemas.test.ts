import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  blockSchemaFiles,
  deskSchemaFile,
  pageSchemaFile,
  partsSchemaFile,
  siteSchemaFile,
  firmSchemaFile,
  styleSchemaFile,
  type SchemaFile,
} from './contentSchemas';

const root = path.resolve(import.meta.dirname, '../..');
type Schema = {
  description?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  [key: string]: unknown;
};
const ALL = [pageSchemaFile, siteSchemaFile, firmSchemaFile, deskSchemaFile, styleSchemaFile, partsSchemaFile, ...blockSchemaFiles];

/** Every property schema, wherever it sits, with its path for the failure message. */
function properties(schema: unknown, at = '#'): [string, Schema][] {
  if (!schema || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap((item, index) => properties(item, `${at}/${index}`));
  const own = Object.entries((schema as Schema).properties ?? {}).map(([name, child]): [string, Schema] => [
    `${at}/properties/${name}`,
    child,
  ]);
  return [...own, ...Object.entries(schema).flatMap(([key, child]) => properties(child, `${at}/${key}`))];
}

/** Follows a $ref from one schema file, into the same file or another one, as ajv and editors do. */
function resolve(from: SchemaFile, ref: string): Schema {
  const [file, pointer = ''] = ref.split('#');
  const target = file ? path.posix.normalize(path.posix.join(path.posix.dirname(from.file), file)) : from.file;
  const schema = ALL.find((candidate) => candidate.file === target)?.schema;
  if (!schema) throw new Error(`${from.file} refers to ${ref}, which is not a content schema`);
  return pointer
    .split('/')
    .filter(Boolean)
    .reduce<Schema>((node, key) => node[key] as Schema, schema as Schema);
}

describe.each(ALL.map((schemaFile) => [schemaFile.file, schemaFile] as const))('%s', (file, schemaFile) => {
  test('describes every property, so an editor can explain it to an author', () => {
    const missing = properties(schemaFile.schema)
      .filter(([, property]) => !property.description && !(property.$ref && resolve(schemaFile, property.$ref).description))
      .map(([where]) => where);
    expect(missing).toEqual([]);
  });

  test('refuses unknown keys everywhere an object is described', () => {
    const open = properties(schemaFile.schema)
      .map(([, property]) => (property.$ref ? resolve(schemaFile, property.$ref) : property))
      .filter((property) => property.properties && property.additionalProperties !== false && property.unevaluatedProperties !== false);
    expect(open).toEqual([]);
  });

  test('has an $id that mirrors its path, so relative $refs resolve the same everywhere', () => {
    expect(schemaFile.schema.$id).toBe(`https://schemas.local/${file}`);
  });

  test('stays under 400 lines, small enough to read in one go', () => {
    expect(readFileSync(path.join(root, file), 'utf8').split('\n').length).toBeLessThanOrEqual(400);
  });
});

test('each block schema sits beside its component', () => {
  for (const { file } of blockSchemaFiles)
    expect(
      readdirSync(path.join(root, path.dirname(file))).some((name) => name.endsWith('Block.tsx')),
      file,
    ).toBe(true);
});

test('every file in pages-data names its schema on its first line, for editor completion', () => {
  const dir = path.join(root, 'pages-data');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.yaml'))) {
    const first = readFileSync(path.join(dir, file), 'utf8').split('\n')[0];
    const schema = file.startsWith('_') && file !== '_404.yaml' ? file.slice(1, -'.yaml'.length) : 'page';
    expect(first, file).toBe(`# yaml-language-server: $schema=../schemas/${schema}.schema.json`);
  }
});
