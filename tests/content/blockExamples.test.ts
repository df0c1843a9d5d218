import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ContentChecker } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { formatProblem } from '../../src/content/formatProblems';
import { collectReferences } from '../../src/content/pageReferences';
import { blockFolders, examplesOf, withExamplesPage } from '../helpers/blockExamples';

// The block examples against the real site: the component test checks them on the small test
// site with stand-in pictures; here they must hold in pages-data/ itself, with its pictures and pages.
const pagesData = diskFolder(path.resolve(import.meta.dirname, '../../pages-data'), 'pages-data');
const checker = new ContentChecker();

describe.each(blockFolders)('%s', (folder) => {
  test('every picture its examples name is in the picture library', () => {
    const named = [...collectReferences(examplesOf(folder)).images];
    expect(named.filter((src) => !pagesData.has(src))).toEqual([]);
  });

  test('its examples pass the content check on a page of the real site', () => {
    const content = checker.check(withExamplesPage(pagesData, folder));
    const problems = content.problems.filter((problem) => problem.file === 'examples.yaml' && problem.severity === 'error');
    expect(problems.map((problem) => formatProblem(problem, 'pages-data'))).toEqual([]);
  });
});
