import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import { withFiles } from '../../src/content/contentFolder';
import { smallFolder, smallRenderer } from '../../tests/helpers/smallContent';
import { RenderedPages, renderDocument, type RenderedDocument } from './renderedSite';
import { SiteContent } from './siteContent';

const small = smallFolder();
const siteOf = (changes: Record<string, string | null> = {}) =>
  SiteContent.of(checkContent(withFiles(small, new Map(Object.entries(changes)))));
const original = siteOf();
const siteFile = small.read('_site.yaml');

/** Rendered pages serving `content`, with a promise for the end of each round of stale documents drawn again. */
function pagesOf(content: SiteContent) {
  const { drawing, options } = smallRenderer();
  let roundDone = () => {};
  const pages = new RenderedPages(options, (fields) => {
    if (fields.msg === 'stale documents drawn again') roundDone();
  });
  pages.use(content);
  return {
    pages,
    drawing,
    options,
    /** Settles when the next round of drawing stale documents again has finished. */
    nextRound: () => new Promise<void>((resolve) => (roundDone = resolve)),
  };
}

const text = (document: RenderedDocument) => gunzipSync(Buffer.concat(document.gzip.chunks)).toString();

describe('documents', () => {
  test('a document is exactly the page drawn whole, drawn once and then kept', async () => {
    const { pages, options } = pagesOf(original);
    const first = await pages.document('/mr/about');
    expect(first.found).toBe(true);
    expect(text(first.document)).toBe(await renderDocument(original, '/mr/about', options));
    expect(text(first.document)).toContain('<h1>About Us (पान)</h1>');
    const drawn = pages.drawings.pages;
    expect((await pages.document('/mr/about')).document).toBe(first.document);
    expect(pages.drawings.pages).toBe(drawn);
  });

  test('an address no page has answers its language’s 404 page, drawn once for every such address', async () => {
    const { pages } = pagesOf(original);
    const missing = await pages.document('/nowhere');
    expect(missing.found).toBe(false);
    expect(text(missing.document)).toContain('<h1>Page Not Found</h1>');
    expect((await pages.document('/elsewhere')).document).toBe(missing.document);
    expect(text((await pages.document('/mr/nowhere')).document)).toContain('<h1>Page Not Found (पान)</h1>');
  });

  test('an address the new content no longer has is let go, and answers the 404 page', async () => {
    const { pages } = pagesOf(original);
    expect((await pages.document('/contactus')).found).toBe(true);
    pages.use(siteOf({ 'contactus.yaml': null, 'mr/contactus.yaml': null, 'hi/contactus.yaml': null }));
    const gone = await pages.document('/contactus');
    expect(gone.found).toBe(false);
    expect(text(gone.document)).toContain('<h1>Page Not Found</h1>');
  });
});

describe('after a publish', () => {
  test('a page’s own change draws that page again before it is served, and no other', async () => {
    const { pages } = pagesOf(original);
    const home = (await pages.document('/')).document;
    await pages.document('/about');
    const drawn = pages.drawings.pages;
    pages.use(siteOf({ 'about.yaml': small.read('about.yaml').replace('title: About Us', 'title: About the Firm') }));
    expect(text((await pages.document('/about')).document)).toContain('<h1>About the Firm</h1>');
    expect((await pages.document('/')).document).toBe(home);
    expect(pages.drawings.pages).toBe(drawn + 1);
  });

  test('a change to what only the frame shows puts every kept page in the new frame, drawing no page again', async () => {
    const { pages, options, nextRound } = pagesOf(original);
    for (const address of ['/', '/about']) await pages.document(address);
    const marathi = (await pages.document('/mr/about')).document;
    const drawn = { ...pages.drawings };
    const changed = siteOf({ '_site.yaml': siteFile.replace(/^tagline: .*$/m, 'tagline: New words on every page.') });
    const round = nextRound();
    pages.use(changed);
    // Stale, still served as it was while its new version is made.
    expect(text((await pages.document('/about')).document)).not.toContain('New words on every page.');
    await round;
    const fresh = text((await pages.document('/about')).document);
    expect(fresh).toBe(await renderDocument(changed, '/about', options));
    expect(fresh).toContain('New words on every page.');
    expect(pages.drawings.pages).toBe(drawn.pages);
    expect(pages.drawings.reused).toBe(drawn.reused + 2);
    expect(pages.drawings.shells).toBeGreaterThan(drawn.shells);
    // The Marathi frame has its own tagline, which did not change: its page is served as it was.
    expect((await pages.document('/mr/about')).document).toBe(marathi);
  });

  test('a change every page reads keeps serving the stale page, never a half-built one, until its new document is ready', async () => {
    const { pages, drawing, options, nextRound } = pagesOf(original);
    const before = await pages.document('/about');
    const changed = siteOf({ '_site.yaml': siteFile.replace(/^name: .*$/m, 'name: Renamed Finance') });
    drawing.hold();
    const round = nextRound();
    pages.use(changed);
    expect((await pages.document('/about')).document).toBe(before.document);
    expect((await pages.document('/about')).document).toBe(before.document);
    drawing.letGo();
    await round;
    const after = text((await pages.document('/about')).document);
    expect(after).toBe(await renderDocument(changed, '/about', options));
    expect(after).toContain('<p>by Renamed Finance</p>');
  });
});

test('the sitemap lists every address in every language, with the others as alternates', () => {
  const { pages } = pagesOf(original);
  const sitemap = pages.sitemap();
  for (const address of ['/', '/about', '/contactus', '/mr', '/mr/about', '/hi/contactus'])
    expect(sitemap).toContain(`<loc>http://site.test${address}</loc>`);
  expect(sitemap).toContain('hreflang="mr"');
});
