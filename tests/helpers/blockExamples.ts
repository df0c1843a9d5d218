// Each block's examples (src/blocks/<Name>Block/<type>.examples.yaml), as the block examples' test
// and the form view's test read them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseDocument } from 'yaml';
import { withFiles, type ContentFolder } from '../../src/content/contentFolder';
import type { Block } from '../../src/content/page.generated';

const BLOCKS = path.resolve(import.meta.dirname, '../../src/blocks');

/** The block folders (BannerBlock, CardsBlock…). */
export const blockFolders = readdirSync(BLOCKS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.endsWith('Block'))
  .map((entry) => entry.name);

/** The files in a block's folder. */
export const filesOf = (folder: string) => readdirSync(path.join(BLOCKS, folder));

/** A block's YAML type, from its schema's name: image-strip for ImageStripBlock. */
export const typeOf = (folder: string) =>
  filesOf(folder)
    .find((name) => name.endsWith('.schema.json'))!
    .replace('.schema.json', '');

/** The text of a block's examples file. */
export const examplesText = (folder: string) => readFileSync(path.join(BLOCKS, folder, `${typeOf(folder)}.examples.yaml`), 'utf8');

/** A block's examples, parsed. */
export const examplesOf = (folder: string) => parse(examplesText(folder)) as Block[];

/** A page holding every example of one block after a banner, written as an author would write it. */
export function examplesPage(folder: string): string {
  return `title: Examples\ndescription: Every example of one block, checked on a page of its own as an author would write it.\nupdated: 2026-11-24\nblocks:\n  - type: banner\n    title: Examples\n${examplesText(folder).replace(/^/gm, '  ')}\n`;
}

/** A site with one more page, /examples, of one block's examples: in English only, listed as not yet translated in each other language. */
export function withExamplesPage(site: ContentFolder, folder: string): ContentFolder {
  const siteFile = parseDocument(site.read('_site.yaml'));
  const others = (siteFile.toJS() as { languages: { code: string }[] }).languages.slice(1);
  for (const { code } of others) siteFile.addIn(['untranslated', code], '/examples');
  return withFiles(
    site,
    new Map([
      ['examples.yaml', examplesPage(folder)],
      ['_site.yaml', siteFile.toString()],
    ]),
  );
}
