import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, ROOT, startServer, type RunningServer } from '../helpers/server';
import { postJson } from '../helpers/storedData';

let server: RunningServer;
const url = (pathname: string) => new URL(pathname, server.url).href;
/** The app's entry script, as Vite's manifest names it. */
const asset = path.basename(
  (JSON.parse(readFileSync(path.join(ROOT, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>)['index.html']!
    .file,
);

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

test('scripts, styles and fonts carry the headers that apply to them, not the document ones', async () => {
  const response = await fetch(url(`/assets/${asset}`));
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(response.headers.get('content-security-policy')).toBeNull();
  expect(response.headers.get('x-frame-options')).toBeNull();
});

describe('every kind of document and API response carries the security headers', () => {
  const kinds: [string, () => Promise<Response>][] = [
    ['HTML page', () => fetch(url('/about'))],
    [
      'API success',
      () =>
        fetch(url('/addcontactdata'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'H', number: '9876543210', enquiry: 'other', consent: true }),
        }),
    ],
    ['API error', () => fetch(url('/addcontactdata'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' })],
    ['404 page', () => fetch(url('/not-a-page'))],
  ];
  test.each(kinds)('%s', async (_kind, request) => {
    const response = await request();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
    const csp = response.headers.get('content-security-policy')!;
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      'frame-src https://www.openstreetmap.org',
    ]) {
      expect(csp).toContain(directive);
    }
  });
});

test("the admin document carries the nonce of its own answer, a new one each time, for the page editor's style elements", async () => {
  const nonces: string[] = [];
  for (const encoding of ['br', 'gzip', 'identity']) {
    const response = await fetch(url('/admin/pages/clcss.yaml'), { headers: { 'Accept-Encoding': encoding } });
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
    expect(await response.text()).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
    nonces.push(nonce!);
  }
  expect(new Set(nonces).size).toBe(3);
});

describe('caching and compression', () => {
  test('hashed assets are cached for a year and immutable; HTML is revalidated', async () => {
    expect((await fetch(url(`/assets/${asset}`))).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(url('/'))).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(url('/homeloan'))).headers.get('cache-control')).toBe('no-cache');
  });

  test('brotli when the client accepts it, gzip otherwise', async () => {
    const br = await fetch(url(`/assets/${asset}`), { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gzip = await fetch(url('/about'), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('<h1');
  });

  test('a page is gzip for a client that takes gzip (its pieces joined into one stream), plain text for one that takes none', async () => {
    const gzip = await fetch(url('/homeloan'), { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    // fetch unzips it and checks the trailer's CRC-32 and length: pieces joined wrongly would throw here.
    const html = await gzip.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('</html>');
    const plain = await fetch(url('/homeloan'), { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  test('an unchanged page is answered 304 to a revalidation', async () => {
    const first = await fetch(url('/career'));
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect((await fetch(url('/career'), { headers: { 'If-None-Match': etag! } })).status).toBe(304);
  });
});

describe('routing', () => {
  test('unknown routes get the 404 page with status 404', async () => {
    const response = await fetch(url('/nope/deeper'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('We Could Not Find That Page');
  });

  test('a trailing slash redirects to the address without it', async () => {
    const response = await fetch(url('/about/'), { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/about');
  });

  test('path traversal never leaves the site folder', async () => {
    for (const attempt of ['/..%2f..%2fpackage.json', '/assets/..%2f..%2f..%2fpackage.json', '/%2e%2e/package.json']) {
      const response = await fetch(url(attempt));
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('"devDependencies"');
    }
  });

  test('the request log has method, path, status and milliseconds, and never the body', async () => {
    await postJson(url('/addcontactdata'), { name: 'Secret Name', number: '9876543210', enquiry: 'other', consent: true });
    const line = server.output.map((entry) => entry).find((entry) => entry.includes('"path":"/addcontactdata"'));
    const { ms, ...logged } = JSON.parse(line!) as Record<string, unknown>;
    expect(logged).toMatchObject({ method: 'POST', path: '/addcontactdata', status: 200 });
    expect(typeof ms).toBe('number');
    expect(server.output.join('\n')).not.toContain('Secret Name');
  });
});
