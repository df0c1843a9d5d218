import path from 'node:path';
import { expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { checklistFor } from '../../src/shared/documents';
import { SiteContent } from '../site/siteContent';
import { checklistsIn } from './documentLinks';

const content = SiteContent.of(checkContent(diskFolder(path.resolve('pages-data'))));
const codes = content.languages.list.map((language) => language.code);

test('an enquiry from a page with a checklist, in any language, is offered that checklist first; from any other page, the first', () => {
  for (const language of codes) {
    const lists = checklistsIn(content, language);
    const pages = lists.flatMap((list) => list.pages);
    // Every scheme page with a checker (PMEGP, CMEGP, MUDRA) and every page _desk.yaml names.
    expect(pages).toEqual(expect.arrayContaining(['/pmegp', '/cmegp', '/mudra', '/homeloan', '/businessloan', '/udhamadhar']));
    for (const page of pages) {
      const fromPage = language === content.languages.source ? page : `/${language}${page}`;
      expect(lists[checklistFor(lists, fromPage, codes)]!.pages).toContain(page);
    }
    expect(checklistFor(lists, '/contactus', codes)).toBe(0);
    expect(checklistFor(lists, undefined, codes)).toBe(0);
  }
  const marathi = checklistsIn(content, 'mr');
  expect(marathi[checklistFor(marathi, '/mr/pmegp', codes)]!.label).toBe(content.routes.get('/pmegp')!.page.data.title);
});
