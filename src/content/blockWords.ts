// The words blocks own: each block folder's <type>.words.yaml gives the words the block shows in
// every language, the way a GOV.UK Frontend component carries its default words. A language's
// _ui.yaml only overrides them, key by key, so office staff still change any of them in the
// page editor; the schemas of those overrides (schemas/ui/<section>.generated.schema.json) are
// made from the same files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { SchemaFile } from './contentSchemas.js';
import type { InterfaceWords } from '../shared/languages.js';
import type { InterfaceWordsFile } from './ui.generated.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BLOCKS_DIR = 'src/blocks';
/** Unless a word says otherwise, the most characters it may have. */
const MAX_LENGTH = 300;

/** One word of a block: what it is for, and its text (or list of texts) in each language. */
interface WordEntry {
  description: string;
  maxLength?: number;
  [language: string]: string | string[] | number | undefined;
}

/** A block's words file: the _ui.yaml sections it has words in, each with its words by key. */
export interface BlockWordsFile {
  /** The file's path from the project root, e.g. src/blocks/FaqBlock/faq.words.yaml. */
  file: string;
  /** The file as written, for finding a word's line and column. */
  text: string;
  sections: Record<string, Record<string, WordEntry>>;
}

function read(file: string): BlockWordsFile {
  const text = readFileSync(path.join(root, file), 'utf8');
  const sections = parse(text) as BlockWordsFile['sections'];
  for (const [section, words] of Object.entries(sections))
    for (const [key, entry] of Object.entries(words)) {
      if (typeof entry?.description !== 'string') throw new Error(`${file}: ${section}.${key} has no description`);
      if (typeof entry.en !== 'string' && !Array.isArray(entry.en)) throw new Error(`${file}: ${section}.${key} has no English words (en)`);
    }
  return { file, text, sections };
}

/** Every block folder's words file, in the order of the folders. */
export const blockWordsFiles: BlockWordsFile[] = readdirSync(path.join(root, BLOCKS_DIR), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(path.join(root, BLOCKS_DIR, entry.name))
      .filter((name) => name.endsWith('.words.yaml'))
      .map((name) => read(`${BLOCKS_DIR}/${entry.name}/${name}`)),
  );

/** Each _ui.yaml section blocks have words in, with every word of it and the file that owns it. */
const sections = new Map<string, Map<string, { entry: WordEntry; file: string }>>();
for (const { file, sections: own } of blockWordsFiles)
  for (const [section, words] of Object.entries(own)) {
    const found = sections.get(section) ?? new Map<string, { entry: WordEntry; file: string }>();
    sections.set(section, found);
    for (const [key, entry] of Object.entries(words)) {
      const owner = found.get(key);
      if (owner) throw new Error(`${file}: ${section}.${key} is also in ${owner.file}; a word has one owner`);
      found.set(key, { entry, file });
    }
  }

/** The sections of _ui.yaml in the order its schema gives them, so the words keep one order whoever gives them. */
const SECTION_ORDER = Object.keys(
  (JSON.parse(readFileSync(path.join(root, 'schemas/ui.schema.json'), 'utf8')) as { properties: Record<string, unknown> }).properties,
);

/** The sections of _ui.yaml whose words belong to blocks: `blocks`, `emi`, `eligibility`. */
export const BLOCK_WORD_SECTIONS: string[] = [...sections.keys()].sort();

/** The schema of one word, from its English text: a text, or a list of as many texts. */
function wordSchema({ description, maxLength = MAX_LENGTH, en }: WordEntry) {
  const text = { type: 'string', minLength: 1, maxLength };
  return Array.isArray(en)
    ? { description, type: 'array', minItems: en.length, maxItems: en.length, items: text }
    : { description, ...text };
}

/**
 * schemas/ui/<section>.generated.schema.json: the words of one section of _ui.yaml that a
 * language may override, every one optional. `npm run types` writes the files for authors'
 * editors and the page editor (a test fails while one differs); the check uses these.
 */
export const blockWordsSchemaFiles: SchemaFile[] = BLOCK_WORD_SECTIONS.map((section) => {
  const words = sections.get(section)!;
  const owners = [...new Set([...words.values()].map(({ file }) => path.posix.basename(file)))];
  return {
    file: `schemas/ui/${section}.generated.schema.json`,
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `https://schemas.local/schemas/ui/${section}.generated.schema.json`,
      $comment: "Written by `npm run types` from the words files of src/blocks. Do not edit: change a block folder's <type>.words.yaml.",
      title: `Interface words: ${section}`,
      description: `Words the blocks show, in every language, from their folders' words files (${owners.join(', ')}). Give a key here only to put other words in their place; then give it in every language's _ui.yaml.`,
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries([...words].map(([key, { entry }]) => [key, wordSchema(entry)])),
    },
  };
});

/** A word no block has in a language, and the words file of the block that owns it. */
export interface MissingWord {
  key: string;
  owner: string;
}

/**
 * One language's _ui.yaml with the blocks' words filled in: a key the file gives wins, then
 * the block's words in that language. `missing` names each word no block has in that language
 * and the file does not give (a language added to the site), which shows in English meanwhile.
 */
export function withBlockWords(file: InterfaceWordsFile, language: string): { words: InterfaceWords; missing: MissingWord[] } {
  const missing: MissingWord[] = [];
  const given = file as unknown as Record<string, Record<string, unknown> | undefined>;
  const filled = SECTION_ORDER.flatMap((section): [string, unknown][] => {
    const words = sections.get(section);
    if (!words) return section in given ? [[section, given[section]]] : [];
    const own = given[section] ?? {};
    const filledWords = [...words].map(([key, { entry }]) => {
      if (key in own) return [key, own[key]];
      if (entry[language] === undefined) missing.push({ key: `${section}.${key}`, owner: sections.get(section)!.get(key)!.file });
      return [key, entry[language] ?? entry.en];
    });
    return [[section, Object.fromEntries(filledWords)]];
  });
  return { words: Object.fromEntries(filled) as InterfaceWords, missing };
}

/** The words the blocks own in one language, as their folders give them (for what is drawn without a _ui.yaml: tests, fixtures). */
export function blockWordsIn(language: string): Pick<InterfaceWords, 'blocks' | 'emi' | 'eligibility'> {
  return Object.fromEntries(
    [...sections].map(([section, words]) => [section, Object.fromEntries([...words].map(([key, { entry }]) => [key, entry[language]]))]),
  ) as Pick<InterfaceWords, 'blocks' | 'emi' | 'eligibility'>;
}
