import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
type Schema = {
  description?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  $defs?: Record<string, Schema>;
  [key: string]: unknown;
};

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

function resolve(root: Schema, ref: string): Schema {
  return ref
    .slice(2)
    .split('/')
    .reduce<Schema>((node, key) => node[key] as Schema, root);
}

describe.each(['page', 'site'])('schemas/%s.schema.json', (name) => {
  const schema = JSON.parse(readFileSync(path.join(root, `schemas/${name}.schema.json`), 'utf8')) as Schema;

  test('describes every property, so an editor can explain it to an author', () => {
    const missing = properties(schema)
      .filter(([, property]) => !property.description && !(property.$ref && resolve(schema, property.$ref).description))
      .map(([where]) => where);
    expect(missing).toEqual([]);
  });

  test('refuses unknown keys everywhere an object is described', () => {
    const open = properties(schema)
      .map(([, property]) => (property.$ref ? resolve(schema, property.$ref) : property))
      .filter((property) => property.properties && property.additionalProperties !== false && property.unevaluatedProperties !== false);
    expect(open).toEqual([]);
  });
});

test('every file in pages-data names its schema on its first line, for editor completion', () => {
  const dir = path.join(root, 'pages-data');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.yaml'))) {
    const first = readFileSync(path.join(dir, file), 'utf8').split('\n')[0];
    const schema = file === '_site.yaml' ? 'site' : 'page';
    expect(first, file).toBe(`# yaml-language-server: $schema=../schemas/${schema}.schema.json`);
  }
});
