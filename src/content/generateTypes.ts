import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Each content schema and the TypeScript file generated from it. */
export const GENERATED = [
  { schema: 'schemas/page.schema.json', types: 'src/content/page.generated.ts' },
  { schema: 'schemas/site.schema.json', types: 'src/content/site.generated.ts' },
  { schema: 'schemas/desk.schema.json', types: 'src/content/desk.generated.ts' },
  { schema: 'schemas/housestyle.schema.json', types: 'src/content/housestyle.generated.ts' },
  { schema: 'schemas/privacy.schema.json', types: 'src/content/privacy.generated.ts' },
  { schema: 'schemas/ui.schema.json', types: 'src/content/ui.generated.ts' },
  { schema: 'schemas/glossary.schema.json', types: 'src/content/glossary.generated.ts' },
];

/** The TypeScript types of one schema, as the content check writes them. */
export async function renderTypes(schemaFile: string): Promise<string> {
  const schema = JSON.parse(readFileSync(path.join(root, schemaFile), 'utf8')) as JSONSchema;
  const body = await compile(schema, path.basename(schemaFile), {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    ignoreMinAndMaxItems: true,
    style: JSON.parse(readFileSync(path.join(root, '.prettierrc.json'), 'utf8')) as object,
    cwd: path.join(root, 'schemas'),
  });
  return `/* Generated from ${schemaFile} and the schemas it refers to by src/content/generateTypes.ts. Do not edit:\n * change the schema and run \`npm run types\`. */\n${body}`;
}

/** The generated file as it is now in the project, or '' before the first run. */
export function currentTypes(types: string): string {
  try {
    return readFileSync(path.join(root, types), 'utf8');
  } catch {
    return '';
  }
}

/** Rewrites the generated files whose schemas changed; returns the files it wrote. */
async function updateTypes(): Promise<string[]> {
  const written: string[] = [];
  for (const { schema, types } of GENERATED) {
    const fresh = await renderTypes(schema);
    if (currentTypes(types) === fresh) continue;
    writeFileSync(path.join(root, types), fresh);
    written.push(types);
  }
  return written;
}

// `npm run types`: regenerate after changing a content schema (a test fails until the files match).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await updateTypes();
  console.log(written.length ? `Regenerated ${written.join(' and ')}.` : 'The generated types already match the schemas.');
}
