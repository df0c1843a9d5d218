import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { format } from 'prettier';
import { blockWordsSchemaFiles } from './blockWords.js';
import { blockSchemaFiles, blocksSchemaFile, type SchemaFile } from './contentSchemas.js';
import { breakLongLines } from '../build/markdownLines.js';

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

/**
 * A schema without the titles of its fields and list items. Those titles are the page editor's
 * labels ("Card", "Question"); the type generator would make each one a named type of its own.
 * The titles of whole files and of shared definitions (CardsBlock, Image) still name types.
 */
function withoutFieldTitles(schema: unknown, isField = false): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => withoutFieldTitles(entry, isField));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema as Record<string, unknown>)
      .filter(([key]) => !(isField && key === 'title'))
      .map(([key, value]) => {
        if (key === 'properties' && value && typeof value === 'object')
          return [
            key,
            Object.fromEntries(
              Object.entries(value as Record<string, unknown>).map(([name, field]) => [name, withoutFieldTitles(field, true)]),
            ),
          ];
        return [key, withoutFieldTitles(value, key === 'items' || key === 'prefixItems')];
      }),
  );
}

const readSchema = (file: string) => withoutFieldTitles(JSON.parse(readFileSync(file, 'utf8'))) as JSONSchema;

/** The TypeScript types of one schema, as the content check writes them. */
export async function renderTypes(schemaFile: string): Promise<string> {
  const schema = readSchema(path.join(root, schemaFile));
  const body = await compile(schema, path.basename(schemaFile), {
    // Referenced schema files are read the same way.
    $refOptions: {
      resolve: { file: { read: (file: { url: string }) => JSON.stringify(readSchema(fileURLToPath(new URL(file.url, 'file:///')))) } },
    },
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

/** A schema made from the block folders, as its generated file holds it. */
export async function schemaText({ schema }: SchemaFile): Promise<string> {
  return format(JSON.stringify(schema), { parser: 'json' });
}

/**
 * The schemas made from the block folders: the page schema's list of blocks
 * (schemas/blocks.generated.schema.json) and the words blocks own that _ui.yaml may override
 * (schemas/ui/<section>.generated.schema.json).
 */
export const GENERATED_SCHEMAS: SchemaFile[] = [blocksSchemaFile, ...blockWordsSchemaFiles];

export const ADMIN_BODIES_FILE = 'src/shared/forms/adminBodies.generated.ts';

/**
 * The admin API's request bodies, one type per schema of schemas/admin named after its file
 * (accountChange.schema.json: AccountChange), for the server's validators and the browser's client alike.
 */
export async function adminBodiesText(): Promise<string> {
  const files = readdirSync(path.join(root, 'schemas/admin'))
    .filter((name) => name.endsWith('.schema.json'))
    .sort();
  const kinds = files.map((file) => file.slice(0, -'.schema.json'.length));
  const typeName = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);
  const bodies: string[] = [];
  for (const kind of kinds) {
    // Without its title and $id, a schema's type takes the name given here, its file's.
    const {
      title: _title,
      $id: _id,
      ...schema
    } = readSchema(path.join(root, 'schemas/admin', `${kind}.schema.json`)) as JSONSchema & { title?: string };
    bodies.push(
      await compile(schema, typeName(kind), {
        bannerComment: '',
        additionalProperties: false,
        ignoreMinAndMaxItems: true,
        style: JSON.parse(readFileSync(path.join(root, '.prettierrc.json'), 'utf8')) as object,
      }),
    );
  }
  return [
    '/* Generated from the schemas of schemas/admin by src/content/generateTypes.ts. Do not edit:',
    ' * change a schema and run `npm run types`. */',
    bodies.join('\n'),
    '/** Each body by the name of its schema. */',
    'export interface AdminBodies {',
    ...kinds.map((kind) => `  ${kind}: ${typeName(kind)};`),
    '}',
    '',
  ].join('\n');
}

export const BLOCK_RULES_FILE = 'src/blocks/blockRules.generated.ts';

/** The list of every block folder's <type>.rules.ts, which the content check and the server read the blocks' rules from. */
export function blockRulesText(): string {
  const found = readdirSync(path.join(root, 'src/blocks'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(path.join(root, 'src/blocks', entry.name))
        .filter((name) => name.endsWith('.rules.ts'))
        .map((name) => ({ folder: entry.name, type: name.slice(0, -'.rules.ts'.length) })),
    )
    .sort((a, b) => a.type.localeCompare(b.type));
  const name = (type: string) => type.replace(/-(\w)/g, (_dash, letter: string) => letter.toUpperCase());
  return [
    '/* Generated from the <type>.rules.ts file of each block folder by src/content/generateTypes.ts. Do not edit:',
    ' * add or remove a rules file and run `npm run types`. */',
    "import type { BlockRulesTable } from './blockRules';",
    ...found.map(({ folder, type }) => `import { rules as ${name(type)} } from './${folder}/${type}.rules';`),
    '',
    `export const blockRules: BlockRulesTable = { ${found.map(({ type }) => (name(type) === type ? type : `'${type}': ${name(type)}`)).join(', ')} };`,
    '',
  ].join('\n');
}

export const BLOCK_LIST_FILE = 'BLOCKS.md';

/** BLOCKS.md: the list of blocks, from each block folder's schema and examples file. */
export function blockListText(): string {
  const items = blockSchemaFiles.map(({ file, schema }) => {
    const type = schema.properties!.type!.const!;
    const examples = `${path.posix.dirname(file)}/${type}.examples.yaml`;
    const description = typeof schema.description === 'string' ? schema.description : '';
    return `- **\`${type}\`** ([${type}.examples.yaml](${examples})): ${description}`;
  });
  return breakLongLines(
    [
      "<!-- Written by `npm run types` from the block folders of src/blocks. Do not edit: change a block's schema or examples. -->",
      '',
      '# Blocks',
      '',
      'The blocks a page is made of, top to bottom, each with its `type` and an examples file to copy.',
      'Each is described in its own schema beside its code.',
      '',
      ...items,
      '',
    ].join('\n'),
  );
}

/** Rewrites the generated files whose schemas changed; returns the files it wrote. */
async function updateTypes(): Promise<string[]> {
  const written: string[] = [];
  const wholeFiles: [string, string][] = [
    [BLOCK_LIST_FILE, blockListText()],
    [BLOCK_RULES_FILE, blockRulesText()],
    [ADMIN_BODIES_FILE, await adminBodiesText()],
  ];
  for (const schemaFile of GENERATED_SCHEMAS) wholeFiles.push([schemaFile.file, await schemaText(schemaFile)]);
  for (const [file, text] of wholeFiles) {
    if (currentTypes(file) === text) continue;
    writeFileSync(path.join(root, file), text);
    written.push(file);
  }
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
