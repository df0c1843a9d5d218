import { describe, expect, test } from 'vitest';
import { pageText, untranslatedSite, useSmallPublisher } from '../../tests/helpers/smallContent';
import { addressOf, pageList } from './pageList';

const publisher = useSmallPublisher();

describe('where a file is shown', () => {
  test('a page at its address in its language, the home pages at the language’s root, a site file nowhere', () => {
    expect(addressOf('about.yaml', 'en')).toEqual({ route: '/about', language: 'en' });
    expect(addressOf('index.yaml', 'en')).toEqual({ route: '/', language: 'en' });
    expect(addressOf('mr/about.yaml', 'en')).toEqual({ route: '/mr/about', language: 'mr' });
    expect(addressOf('hi/index.yaml', 'en')).toEqual({ route: '/hi', language: 'hi' });
    expect(addressOf('mr/_site.yaml', 'en')).toEqual({ route: null, language: 'mr' });
    expect(addressOf('_404.yaml', 'en')).toEqual({ route: null, language: 'en' });
  });
});

describe('the page editor’s list', () => {
  test('every content file once, in file order, each page by its title and each site file by what it holds', async () => {
    const { publisher: live, store } = await publisher();
    const list = await pageList(live, store);
    const files = list.map((item) => item.file);
    expect(files).toEqual([...files].sort((a, b) => (a < b ? -1 : 1)));
    expect(new Set(files)).toEqual(new Set(live.current.files.filter((file) => file.endsWith('.yaml'))));
    expect(list.find((item) => item.file === 'mr/about.yaml')).toMatchObject({
      route: '/mr/about',
      language: 'mr',
      title: 'About Us (पान)',
      draft: false,
      problems: 0,
      stale: false,
      untranslated: false,
      updatedAt: null,
      updatedBy: null,
    });
    expect(list.find((item) => item.file === '_site.yaml')).toMatchObject({ route: null, title: 'Firm details, menu and footer' });
  });

  test('a new page still in draft is listed by its draft’s title, with the errors publishing it would meet', async () => {
    const { publisher: live, store, draft } = await publisher();
    await draft('loans.yaml', pageText('Business Loans', { link: '/gone' }));
    const item = (await pageList(live, store)).find((candidate) => candidate.file === 'loans.yaml');
    expect(item).toMatchObject({ route: '/loans', title: 'Business Loans', draft: true, updatedBy: 'asha' });
    // The link to /gone, in the page and in the two translations publishing it lists it as not yet made.
    expect(item!.problems).toBeGreaterThan(0);
  });

  test('a page listed as untranslated has its translations to make listed, and a published file says who and when', async () => {
    const { publisher: live, store } = await publisher({
      deploy: { 'loans.yaml': pageText('Business Loans'), '_site.yaml': untranslatedSite('/loans') },
      before: ({ publish: published }) => published('about.yaml', pageText('About the Firm', { link: '/contactus' })),
    });
    const list = await pageList(live, store);
    expect(list.filter((item) => item.untranslated)).toEqual([
      expect.objectContaining({ file: 'hi/loans.yaml', route: '/hi/loans', language: 'hi', title: 'Business Loans' }),
      expect.objectContaining({ file: 'mr/loans.yaml', route: '/mr/loans', language: 'mr', title: 'Business Loans' }),
    ]);
    expect(list.find((item) => item.file === 'about.yaml')).toMatchObject({ updatedBy: 'asha', updatedAt: expect.any(String) as string });
    // Its translations now follow an English text that changed: they are stale.
    expect(list.filter((item) => item.stale).map((item) => item.file)).toEqual(['hi/about.yaml', 'mr/about.yaml']);
  });
});
