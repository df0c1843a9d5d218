import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { diskFolder, withFiles, type ContentFolder } from '../../src/content/contentFolder';
import { ProvisionalSite } from './provisionalSite';
import { ContentError } from './siteService';

const deployed = diskFolder(path.resolve(import.meta.dirname, '../../pages-data'));
const agro = deployed.read('agroprocessing.yaml');
const JAGGERY = '      - title: Jaggery Powder and Sugar\n';
/** agroprocessing.yaml with one more card that links to `to`. */
const linkingTo = (to: string) => agro.replace(JAGGERY, `${JAGGERY}        link: { to: ${to}, label: Somewhere }\n`);

/** The provisional site of the deploy with `published` laid over it, as the store would have it. */
function siteOf(published: Record<string, string | null>, under: ContentFolder = deployed) {
  const changes = new Map(Object.entries(published));
  return new ProvisionalSite(withFiles(under, changes), under, new Set(changes.keys())).content;
}

/** What a visitor is served at `path`: the page's file, whether it is found, and whether it is the English page shown untranslated. */
function served(site: ReturnType<typeof siteOf>, path: string) {
  const { page, found, untranslated } = site.servedBy(path).pageAt(path);
  return { file: page.file, found, untranslated, title: page.data.title };
}

describe('the site served while the whole site is checked', () => {
  test('has every address by its files’ names, and serves each page, translation and untranslated page from its own check', () => {
    const site = siteOf({});
    expect(site.provisional).toBe(true);
    expect(site.routes.has('/clcss')).toBe(true);
    expect(site.routes.has('/mr/clcss')).toBe(true);
    expect(site.routes.has('/nowhere')).toBe(false);
    expect(served(site, '/clcss')).toMatchObject({ file: 'clcss.yaml', found: true, untranslated: false });
    expect(served(site, '/mr/clcss')).toMatchObject({ file: 'mr/clcss.yaml', found: true, untranslated: false });
    expect(served(site, '/')).toMatchObject({ file: 'index.yaml', found: true });
    expect(served(site, '/nowhere')).toMatchObject({ file: '_404.yaml', found: false });
    expect(served(site, '/mr/nowhere')).toMatchObject({ file: 'mr/_404.yaml', found: false });
    // The same page's content serves it in every language, and is kept.
    expect(site.servedBy('/hi/clcss')).toBe(site.servedBy('/clcss'));
    expect(site.servedBy('/clcss').provisional).toBe(false);
  });

  test('a page whose file fails its schema is not a page: its address answers the 404 page (the store’s version falls back to the deploy’s)', () => {
    const broken = 'title: 3\nblocks: none\n';
    expect(served(siteOf({ 'clcss.yaml': broken }), '/clcss')).toMatchObject({
      file: 'clcss.yaml',
      found: true,
      title: 'Credit Linked Capital Subsidy Scheme (CLCSS)',
    });
    const site = siteOf({}, withFiles(deployed, new Map([['clcss.yaml', broken]])));
    expect(site.routes.has('/clcss')).toBe(true);
    expect(served(site, '/clcss')).toMatchObject({ file: '_404.yaml', found: false });
    expect(served(site, '/mr/clcss')).toMatchObject({ found: false });
    expect(served(site, '/pmegp')).toMatchObject({ file: 'pmegp.yaml', found: true });
  });

  test('a translation out of step with its English page shows the English page at its address', () => {
    const english = deployed.read('clcss.yaml');
    const site = siteOf({
      'clcss.yaml': `${english}\n  - type: text\n    heading: A new section\n    paragraphs:\n      - Written in English first.\n`,
    });
    expect(served(site, '/mr/clcss')).toMatchObject({ file: 'clcss.yaml', found: true, untranslated: true });
  });

  test('where the store’s version of a page fails its check and the deploy’s passes, the deploy’s is served', () => {
    const site = siteOf({ 'agroprocessing.yaml': linkingTo('/gone') });
    expect(site.servedBy('/agroprocessing').content.folder.read('agroprocessing.yaml')).toBe(agro);
    // A store's version that passes is served as published.
    const fine = siteOf({ 'agroprocessing.yaml': linkingTo('/pmegp') });
    expect(fine.servedBy('/agroprocessing').content.folder.read('agroprocessing.yaml')).toBe(linkingTo('/pmegp'));
  });

  test('where the deploy’s own page fails (a deploy with a broken link), it is served as it is, and its problem is known', () => {
    const broken = withFiles(deployed, new Map([['agroprocessing.yaml', linkingTo('/gone')]]));
    const site = siteOf({}, broken);
    const own = site.servedBy('/agroprocessing');
    expect(served(site, '/agroprocessing')).toMatchObject({ file: 'agroprocessing.yaml', found: true });
    expect(own.content.problems).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        file: 'agroprocessing.yaml',
        message: expect.stringContaining('links to /gone') as string,
      }),
    );
  });

  test('the files every page is drawn with: the deploy’s where the store’s fail; a server that can draw nothing stops, naming the problem', () => {
    const siteFile = deployed.read('_site.yaml');
    const tagline = /^tagline: (.*)$/m.exec(siteFile)![1]!;
    const published = siteOf({ '_site.yaml': siteFile.replace(tagline, 'Published words') });
    expect(published.wordsOf('en').tagline).toBe('Published words');
    const failing = siteOf({ '_site.yaml': siteFile.replace(tagline, 'Published words').replace('phone: ', 'phone: [') });
    expect(failing.wordsOf('en').tagline).toBe(tagline);
    const nothing = withFiles(deployed, new Map([['_site.yaml', 'firm: [']]));
    expect(() => siteOf({}, nothing)).toThrow(ContentError);
    expect(() => siteOf({}, nothing)).toThrow(/_site\.yaml:1:/);
  });
});
