import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import { pageText, smallFolder, smallRenderer } from '../../tests/helpers/smallContent';
import { ProvisionalSite } from './provisionalSite';
import { ContentError, SiteService } from './siteService';
import { SiteContent } from './siteContent';

const folder = smallFolder();
const checked = SiteContent.of(checkContent(folder));
const renamed = SiteContent.of(checkContent(smallFolder({ 'about.yaml': pageText('About the Firm', { link: '/contactus' }) })));
const served = async (site: SiteService, path: string) =>
  gunzipSync(Buffer.concat((await site.pages!.document(path)).document.gzip.chunks)).toString();
/** Lets every callback already due run: what has settled by then has settled without waiting for anything else. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

test('content with errors carries its problems, and the report the command line prints as its message', () => {
  const content = checkContent(smallFolder({ 'about.yaml': pageText('About Us', { link: '/gone' }) }));
  const error = new ContentError(content.problems, 'the report');
  expect(error.message).toBe('the report');
  expect(error.problems).toBe(content.problems);
});

describe('when the site is checked whole', () => {
  test('at once for checked content', async () => {
    await expect(new SiteService(checked).whenChecked()).resolves.toBeUndefined();
  });

  test('for a provisional site, once checked content is served and not before', async () => {
    const site = new SiteService(new ProvisionalSite(folder, folder, new Set()).content);
    let done = false;
    void site.whenChecked().then(() => (done = true));
    await settled();
    expect(done).toBe(false);
    site.use(checked);
    await settled();
    expect(done).toBe(true);
    expect(site.content).toBe(checked);
  });
});

describe('drawing', () => {
  test('a server that draws no pages has no documents and no preview', () => {
    const site = new SiteService(checked);
    expect(site.pages).toBeUndefined();
    expect(site.drawFor('/about', { url: '/about', payload: (payload) => payload })).toBeUndefined();
    expect(() => site.preview(renamed, '/about')).toThrow(/draws no pages/);
  });

  test('a preview draws other content without serving it; a served change reaches the documents', async () => {
    const site = new SiteService(checked, smallRenderer().options);
    expect(await site.preview(renamed, '/about')).toContain('<h1>About the Firm</h1>');
    expect(await served(site, '/about')).toContain('<h1>About Us</h1>');
    site.use(renamed);
    expect(await served(site, '/about')).toContain('<h1>About the Firm</h1>');
  });

  test('a page drawn for one request carries what that request holds, and is not kept', async () => {
    const site = new SiteService(checked, smallRenderer().options);
    const once = await site.drawFor('/contactus', {
      url: '/contactus?upload=abc',
      payload: (payload) => ({ ...payload, page: { ...payload.page, title: 'Send Your Documents' } }),
    });
    expect(once).toContain('<h1>Send Your Documents</h1>');
    expect(await served(site, '/contactus')).toContain('<h1>Contact Us</h1>');
  });
});
