import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { staticSite } from './staticSite';

const dir = mkdtempSync(path.join(os.tmpdir(), 'static-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
for (const [file, text] of [
  ['404.html', '<h1>We could not find that page</h1>'],
  ['mr/404.html', '<h1>हे पान सापडले नाही</h1>'],
  ['hi/404.html', '<h1>यह पेज नहीं मिला</h1>'],
  ['app.html', '<div id="root"><!--app--></div>'],
  ['index.html', '<h1>Home</h1>'],
  ['homeloan/index.html', '<h1>Home loans</h1>'],
  ['assets/app-abc123.js', 'console.log(1)'],
  ['.vite/manifest.json', '{"file":"x"}'],
] as const) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}
const app = staticSite(dir);

test('pages are revalidated by ETag; hashed assets are cached for a year', async () => {
  const page = await app.request('/homeloan');
  expect(await page.text()).toBe('<h1>Home loans</h1>');
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const etag = page.headers.get('etag')!;
  expect((await app.request('/homeloan', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  expect((await app.request('/assets/app-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

test('the admin screens get the empty shell, marked noindex', async () => {
  for (const screen of ['/adminLogin', '/table', '/abouttable']) {
    const answer = await app.request(screen);
    expect(await answer.text()).toBe('<div id="root"><!--app--></div>');
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  }
});

test('unknown paths and dot-files get the 404 page with status 404; a trailing slash redirects', async () => {
  for (const pathname of ['/no-such-page', '/.vite/manifest.json', '/assets/.secret']) {
    const answer = await app.request(pathname);
    expect(answer.status, pathname).toBe(404);
    expect(await answer.text()).toBe('<h1>We could not find that page</h1>');
  }
  const slash = await app.request('/homeloan/');
  expect(slash.status).toBe(301);
  expect(slash.headers.get('location')).toMatch(/\/homeloan$/);
});

test("an unknown address under a language gets that language's 404 page", async () => {
  const marathi = await app.request('/mr/no-such-page');
  expect(marathi.status).toBe(404);
  expect(await marathi.text()).toBe('<h1>हे पान सापडले नाही</h1>');
  expect(await (await app.request('/hi/no-such-page')).text()).toBe('<h1>यह पेज नहीं मिला</h1>');
  expect(await (await app.request('/marathi')).text()).toBe('<h1>We could not find that page</h1>');
});
