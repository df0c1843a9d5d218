import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { ContentChecker } from '../content/checkContent';
import { withFiles } from '../content/contentFolder';
import { formatProblem } from '../content/formatProblems';
import { collectReferences } from '../content/pageReferences';
import { sitePictures } from '../../api/site/sitePictures';
import { blockFolders, examplesOf, filesOf, typeOf, withExamplesPage } from '../../tests/helpers/blockExamples';
import { stubMatchMedia } from '../../tests/helpers/browserStubs';
import { iconsNamed, renderBlock } from '../../tests/helpers/renderBlock';
import { fixtureSite } from '../../tests/helpers/siteData';
import { BlockRenderer, preloadBlocks } from './BlockRenderer';

// The examples name pictures of the real site's library; the test site holds a small stand-in under each name.
const STAND_IN = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"/>');
const named = blockFolders.flatMap((folder) => [...collectReferences(examplesOf(folder)).images]);
const site = withFiles(fixtureSite, new Map(named.map((src) => [src, STAND_IN])));
const pictures = sitePictures(site).bySrc;
/** One checker for the file: the test site's own files are checked once, each examples page on its own. */
const checker = new ContentChecker();
// Typing blocks ask whether motion is reduced; jsdom has no matchMedia of its own.
beforeEach(() => stubMatchMedia(true));

test('the test site passes the content check', () => {
  expect(checker.check(site).problems.filter((problem) => problem.severity === 'error')).toEqual([]);
});

/** Each block owns everything about itself in its folder: schema, component, examples (and styles, rules and README where it has them). */
describe.each(blockFolders)('%s', (folder) => {
  test('holds its schema, its component of the same name and its examples', () => {
    const files = filesOf(folder);
    expect(files).toContain(`${folder}.tsx`);
    expect(files).toContain(`${typeOf(folder)}.examples.yaml`);
    expect(examplesOf(folder).length).toBeGreaterThan(0);
    expect(examplesOf(folder).every((block) => block.type === typeOf(folder))).toBe(true);
  });

  test('its examples pass the content check on a page of the test site', () => {
    const content = checker.check(withExamplesPage(site, folder));
    const problems = content.problems.filter((problem) => problem.file === 'examples.yaml' && problem.severity === 'error');
    expect(problems.map((problem) => formatProblem(problem, 'tests/helpers/site'))).toEqual([]);
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
