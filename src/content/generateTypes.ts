import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Each content schema and the TypeScript file generated from it. */
export const GENERATED = [
  { schema: 'schemas/page.schema.json', types: 'src/content/page.generated.ts' },
  { schema: 'schemas/site.schema.json', types: 'src/content/site.generated.ts' },
];

/** The TypeScript types of one schema, as the content check writes them. */
export async function renderTypes(schemaFile: string): Promise<string> {
  const schema = JSON.parse(readFileSync(path.join(root, schemaFile), 'utf8')) as JSONSchema;
  const body = await compile(schema, path.basename(schemaFile), {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    ignoreMinAndMaxItems: true,
    style: { singleQuote: true, printWidth: 120 },
    cwd: path.join(root, 'schemas'),
  });
  return `/* Generated from ${schemaFile} by src/content/generateTypes.ts. Do not edit:\n * change the schema, and the content check regenerates this file. */\n${body}`;
}

/** Rewrites the generated files whose schema changed; returns the files it wrote. */
export async function updateTypes(): Promise<string[]> {
  const written: string[] = [];
  for (const { schema, types } of GENERATED) {
    const fresh = await renderTypes(schema);
    const target = path.join(root, types);
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // first run: nothing generated yet
    }
    if (current === fresh) continue;
    writeFileSync(target, fresh);
    written.push(types);
  }
  return written;
}
