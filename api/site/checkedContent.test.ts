import { expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import { withFiles } from '../../src/content/contentFolder';
import { pageText, smallFolder } from '../../tests/helpers/smallContent';
import { contentOf, summarize } from './checkedContent';

const folder = smallFolder();
const content = checkContent(folder);
/** What a page is, read in full. */
const pagesOf = (pages: typeof content.pages) =>
  pages.map(({ key, route, file, title, updated, data }) => ({ key, route, file, title, updated, data }));

test('a checked site crosses a thread as plain data and is the same site again on the other side', () => {
  const crossed = structuredClone(summarize(content));
  const again = contentOf(crossed, folder);
  expect(again.folder).toBe(folder);
  expect(pagesOf(again.pages)).toEqual(pagesOf(content.pages));
  expect(again.notFound?.data).toEqual(content.notFound?.data);
  expect(again.languages.map((language) => pagesOf(language.pages))).toEqual(content.languages.map((language) => pagesOf(language.pages)));
  expect(again.languages.map((language) => language.notFound?.file)).toEqual(['mr/_404.yaml', 'hi/_404.yaml']);
  expect(again.problems).toEqual(content.problems);
  expect(again.site).toEqual(content.site);
});

test('a page’s data is read from the folder given, the same files the check read', () => {
  const summary = summarize(content);
  expect(JSON.stringify(summary)).not.toContain('About About Us.');
  const other = withFiles(folder, new Map([['about.yaml', pageText('About Us', { lead: 'Read from the other folder.' })]]));
  const about = contentOf(summary, other).pages.find((page) => page.file === 'about.yaml')!;
  expect(about.data.blocks[0]).toMatchObject({ type: 'banner', lead: 'Read from the other folder.' });
});
