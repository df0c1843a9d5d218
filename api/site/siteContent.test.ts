import { describe, expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import { pageText, smallFolder, untranslatedSite } from '../../tests/helpers/smallContent';
import { canServe, ownPartOf, pageTextOf, SiteContent } from './siteContent';

const checked = (changes: Record<string, string | null> = {}) => checkContent(smallFolder(changes));
const siteOf = (changes: Record<string, string | null> = {}) => SiteContent.of(checked(changes));
const original = siteOf();
const siteFile = smallFolder().read('_site.yaml');
const withLoans = siteOf({ 'loans.yaml': pageText('Business Loans'), '_site.yaml': untranslatedSite('/loans') });

describe('addresses', () => {
  test('every page has its address in every language, and its English address in common', () => {
    expect([...original.routes.keys()].sort()).toEqual(
      ['/', '/about', '/contactus', '/hi', '/hi/about', '/hi/contactus', '/mr', '/mr/about', '/mr/contactus'].sort(),
    );
    expect(original.routes.get('/hi/about')).toMatchObject({ lang: 'hi', base: '/about', untranslated: false });
    expect(original.routes.get('/mr')).toMatchObject({ lang: 'mr', base: '/', untranslated: false });
    expect(original.pageAt('/mr/about')).toMatchObject({ lang: 'mr', found: true, page: { file: 'mr/about.yaml' } });
  });

  test('a page not yet translated is the English page at the language’s address', () => {
    expect(withLoans.pageAt('/mr/loans')).toMatchObject({ lang: 'mr', found: true, untranslated: true, page: { file: 'loans.yaml' } });
    expect(withLoans.routes.get('/hi/loans')).toMatchObject({ base: '/loans', untranslated: true });
  });

  test('an address no page has is its language’s 404 page', () => {
    expect(original.pageAt('/nowhere')).toMatchObject({ lang: 'en', found: false, page: { file: '_404.yaml' } });
    expect(original.pageAt('/hi/nowhere')).toMatchObject({ lang: 'hi', found: false, page: { file: 'hi/_404.yaml' } });
  });
});

describe('what a document is drawn from', () => {
  const key = (site: SiteContent, path: string) => site.documentKey(path);

  test('a page’s own change changes its key’s own text, and no other page’s key', () => {
    const changed = siteOf({ 'about.yaml': pageText('About the Firm', { link: '/contactus' }) });
    expect(pageTextOf(key(changed, '/about'))).not.toBe(pageTextOf(key(original, '/about')));
    expect(key(changed, '/')).toBe(key(original, '/'));
    expect(key(changed, '/contactus')).toBe(key(original, '/contactus'));
  });

  test('what only the frame shows changes every key of that language but not their own part', () => {
    const changed = siteOf({ '_site.yaml': siteFile.replace(/^tagline: .*$/m, 'tagline: New words.') });
    for (const path of ['/', '/about', '/nowhere']) {
      expect(key(changed, path)).not.toBe(key(original, path));
      expect(ownPartOf(key(changed, path))).toBe(ownPartOf(key(original, path)));
    }
    expect(key(changed, '/mr/about')).toBe(key(original, '/mr/about'));
    expect(changed.shellKey('en')).not.toBe(original.shellKey('en'));
    expect(changed.shellKey('mr')).toBe(original.shellKey('mr'));
  });

  test('what every page reads (the firm’s name) changes each page’s own part, not its text', () => {
    const changed = siteOf({ '_site.yaml': siteFile.replace(/^name: .*$/m, 'name: Renamed Finance') });
    for (const path of ['/about', '/mr/about', '/hi']) {
      expect(ownPartOf(key(changed, path))).not.toBe(ownPartOf(key(original, path)));
      expect(pageTextOf(key(changed, path))).toBe(pageTextOf(key(original, path)));
    }
  });

  test('the languages a page exists in are part of its own key (its language links); listed untranslated, it exists in each', () => {
    const english = (site: SiteContent) => ownPartOf(key(site, '/about'));
    const noHindi = siteOf({ 'hi/about.yaml': null });
    expect(english(noHindi)).not.toBe(english(original));
    expect(pageTextOf(key(noHindi, '/about'))).toBe(pageTextOf(key(original, '/about')));
    const translated = siteOf({
      'loans.yaml': pageText('Business Loans'),
      'mr/loans.yaml': pageText('Business Loans (पान)'),
      'hi/loans.yaml': pageText('Business Loans (पन्ना)'),
    });
    expect(ownPartOf(key(translated, '/loans'))).toBe(ownPartOf(key(withLoans, '/loans')));
  });
});

describe('words and data', () => {
  test('each language has its own words; a language the site lacks has the English ones', () => {
    expect(original.wordsOf('en').tagline).toBe('Loans and subsidies for small firms.');
    expect(original.wordsOf('mr').tagline).toBe('लघु उद्योगांसाठी कर्ज आणि अनुदान.');
    expect(original.wordsOf('fr')).toBe(original.wordsOf('en'));
  });

  test('the browser is given the site’s words without the e-mails’ own; the admin screens get the desk too', () => {
    const { words, lang, languages } = original.siteData('hi');
    expect(lang).toBe('hi');
    expect(languages.map((language) => language.code)).toEqual(['en', 'mr', 'hi']);
    expect(words.ui).not.toHaveProperty('acknowledgement');
    expect(words.ui).not.toHaveProperty('dailyList');
    expect(words.ui).not.toHaveProperty('documentsEmail');
    expect(original.wordsOf('hi').ui).toHaveProperty('acknowledgement');
    expect(original.adminData()).toMatchObject({ lang: 'en', desk: original.desk });
  });

  test('a page’s payload carries its data, and the 404 page’s no address', async () => {
    const { payload, found } = await original.payload('/mr/about');
    expect(found).toBe(true);
    expect(payload).toMatchObject({ route: '/mr/about', lang: 'mr', untranslated: false, page: { title: 'About Us (पान)' } });
    expect(await original.payload('/hi/nowhere')).toMatchObject({ found: false, payload: { route: '', lang: 'hi' } });
  });

  test('content without what every page is drawn with cannot be served', () => {
    expect(canServe(checked())).toBe(true);
    expect(canServe(checked({ 'hi/_ui.yaml': null }))).toBe(false);
    expect(canServe(checked({ '_404.yaml': null }))).toBe(false);
  });
});
