import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { checkContent } from '../content/checkContent';
import { diskFolder, withFile } from '../content/contentFolder';
import { formatProblem } from '../content/formatProblems';
import type { Block } from '../content/page.generated';
import { collectReferences } from '../content/pageReferences';
import { sitePictures } from '../../api/site/sitePictures';
import { stubMatchMedia } from '../../tests/helpers/browserStubs';
import { iconsNamed, renderBlock } from '../../tests/helpers/renderBlock';
import { BlockRenderer, preloadBlocks } from './BlockRenderer';

const BLOCKS = path.resolve(import.meta.dirname);
const pagesData = diskFolder(path.resolve(BLOCKS, '../../pages-data'), 'pages-data');
const folders = readdirSync(BLOCKS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.endsWith('Block'))
  .map((entry) => entry.name);
const filesOf = (folder: string) => readdirSync(path.join(BLOCKS, folder));
const typeOf = (folder: string) =>
  filesOf(folder)
    .find((name) => name.endsWith('.schema.json'))!
    .replace('.schema.json', '');
const examplesOf = (folder: string) => parse(readFileSync(path.join(BLOCKS, folder, `${typeOf(folder)}.examples.yaml`), 'utf8')) as Block[];
const pictures = sitePictures(pagesData).bySrc;
// Typing blocks ask whether motion is reduced; jsdom has no matchMedia of its own.
beforeEach(() => stubMatchMedia(true));

/** Each block owns everything about itself in its folder: schema, component, examples (and styles, rules and README where it has them). */
describe.each(folders)('%s', (folder) => {
  test('holds its schema, its component of the same name and its examples', () => {
    const files = filesOf(folder);
    expect(files).toContain(`${folder}.tsx`);
    expect(files).toContain(`${typeOf(folder)}.examples.yaml`);
    expect(examplesOf(folder).length).toBeGreaterThan(0);
    expect(examplesOf(folder).every((block) => block.type === typeOf(folder))).toBe(true);
  });

  test('its examples pass the content check on a page', () => {
    const page = `title: Examples\ndescription: Every example of one block, checked on a page of its own as an author would write it.\nupdated: 2026-11-24\nblocks:\n  - type: banner\n    title: Examples\n${readFileSync(path.join(BLOCKS, folder, `${typeOf(folder)}.examples.yaml`), 'utf8').replace(/^/gm, '  ')}\n`;
    const site = `${pagesData.read('_site.yaml')}\nuntranslated: {mr: [/examples], hi: [/examples]}\n`;
    const content = checkContent(withFile(withFile(pagesData, 'examples.yaml', page), '_site.yaml', site));
    const problems = content.problems.filter((problem) => problem.file === 'examples.yaml' && problem.severity === 'error');
    expect(problems.map((problem) => formatProblem(problem, 'pages-data'))).toEqual([]);
  });

  test('draws each example with its headings, pictures and icons', async () => {
    for (const block of examplesOf(folder)) {
      const { icons, images } = collectReferences(block);
      const assets = Object.fromEntries([...images].map((src) => [src, pictures.get(src)!]));
      await preloadBlocks([block]);
      const { unmount } = renderBlock(<BlockRenderer block={block} />, { assets: { icons: await iconsNamed(...icons), assets } });
      const heading = 'heading' in block ? block.heading : 'title' in block ? block.title : undefined;
      if (typeof heading === 'string') expect(screen.getAllByText(heading).length).toBeGreaterThan(0);
      unmount();
    }
  });
});
