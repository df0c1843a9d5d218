import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockWordsSchemaFiles } from './blockWords.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BLOCKS_DIR = 'src/blocks';

export interface SchemaFile {
  /** The file's path from the project root, e.g. src/blocks/FaqBlock/faq.schema.json. */
  file: string;
  schema: { $id: string; title?: string; properties?: { type?: { const?: string } } } & Record<string, unknown>;
}

function read(file: string): SchemaFile {
  return { file, schema: JSON.parse(readFileSync(path.join(root, file), 'utf8')) as SchemaFile['schema'] };
}

/**
 * The schemas of the content: the page and site schemas, the parts blocks share, and
 * one schema per block type kept beside its component. Each file's $id mirrors its path,
 * so the relative $refs between them resolve the same in ajv, in the type generator and
 * in an author's editor.
 */
export const pageSchemaFile = read('schemas/page.schema.json');
export const siteSchemaFile = read('schemas/site.schema.json');
/** The firm's own details (address, map pin, privacy and grievance contacts, fees, lenders), which the site file refers to. */
export const firmSchemaFile = read('schemas/firm.schema.json');
export const partsSchemaFile = read('schemas/parts.schema.json');
export const deskSchemaFile = read('schemas/desk.schema.json');
export const styleSchemaFile = read('schemas/housestyle.schema.json');
export const privacySchemaFile = read('schemas/privacy.schema.json');
export const uiSchemaFile = read('schemas/ui.schema.json');
export const formsWordsSchemaFile = read('schemas/forms.schema.json');
export const glossarySchemaFile = read('schemas/glossary.schema.json');
/**
 * The interface words' sections, one schema each (schemas/ui/), composed by ui.schema.json: those
 * written by hand, and those of the words blocks own (blockWords.ts), which `npm run types` writes.
 */
export const uiSectionSchemaFiles: SchemaFile[] = [
  ...readdirSync(path.join(root, 'schemas/ui'))
    .filter((name) => name.endsWith('.schema.json') && !name.endsWith('.generated.schema.json'))
    .map((name) => read(`schemas/ui/${name}`)),
  ...blockWordsSchemaFiles,
];
export const siteTranslationSchemaFile = read('schemas/sitetranslation.schema.json');
export const blockSchemaFiles: SchemaFile[] = readdirSync(path.join(root, BLOCKS_DIR), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(path.join(root, BLOCKS_DIR, entry.name))
      .filter((name) => name.endsWith('.schema.json'))
      .map((name) => read(`${BLOCKS_DIR}/${entry.name}/${name}`)),
  );

/** The block types there are: one per folder of src/blocks with a block schema, by name. */
export const BLOCK_TYPES: string[] = blockSchemaFiles.map((block) => {
  const type = block.schema.properties?.type?.const;
  if (!type) throw new Error(`${block.file} has no "type" with a const value, so it is not a block schema`);
  return type;
});

/**
 * The page schema's list of blocks, from the folders: a new block is a new folder. The page
 * schema refers to it by its file, schemas/blocks.generated.schema.json, which `npm run types`
 * writes for authors' editors (a test fails while the file differs); the check uses this one.
 */
export const BLOCK_REFS = blockSchemaFiles.map((block) => ({ $ref: path.posix.relative('schemas', block.file) }));
export const blocksSchemaFile: SchemaFile = {
  file: 'schemas/blocks.generated.schema.json',
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://schemas.local/schemas/blocks.generated.schema.json',
    $comment: 'Written by `npm run types` from the block folders of src/blocks. Do not edit: a new block is a new folder.',
    title: 'Block',
    description: 'One section of the page. Its type decides how it looks.',
    type: 'object',
    required: ['type'],
    discriminator: { propertyName: 'type' },
    oneOf: BLOCK_REFS,
  },
};

/** Every content schema file, for whatever needs to follow $refs between them. */
export const ALL_SCHEMA_FILES: SchemaFile[] = [
  pageSchemaFile,
  blocksSchemaFile,
  siteSchemaFile,
  firmSchemaFile,
  partsSchemaFile,
  deskSchemaFile,
  styleSchemaFile,
  privacySchemaFile,
  uiSchemaFile,
  formsWordsSchemaFile,
  glossarySchemaFile,
  siteTranslationSchemaFile,
  ...uiSectionSchemaFiles,
  ...blockSchemaFiles,
];
