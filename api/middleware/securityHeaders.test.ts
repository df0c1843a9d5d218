import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { MAP_ORIGIN } from '../../src/shared/mapProvider';
import { privateAnswers } from './privateAnswers';
import { securityHeaders } from './securityHeaders';

test('every answer forbids inline script, framing and sniffing, and allows only the map as a frame', async () => {
  const app = new Hono().use(securityHeaders()).get('/', (c) => c.text('hi'));
  const headers = (await app.request('/')).headers;
  const csp = headers.get('content-security-policy')!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain(`frame-src ${MAP_ORIGIN}`);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
});

test('private answers are never cached and never indexed', async () => {
  const app = new Hono().use(privateAnswers).get('/list', (c) => c.json({ Data: [] }));
  const headers = (await app.request('/list')).headers;
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('x-robots-tag')).toBe('noindex, nofollow');
});

test('a script keeps nosniff, same-origin and HTTPS, without the document-only headers; an SVG is treated as a document', async () => {
  const app = new Hono()
    .use(securityHeaders())
    .get('/assets/app-1.js', (c) => c.text('x'))
    .get('/assets/hero-1.svg', (c) => c.text('<svg/>'));
  const script = (await app.request('/assets/app-1.js')).headers;
  expect([script.get('x-content-type-options'), script.get('cross-origin-resource-policy')]).toEqual(['nosniff', 'same-origin']);
  expect(script.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect([script.get('content-security-policy'), script.get('x-frame-options'), script.get('permissions-policy')]).toEqual([
    null,
    null,
    null,
  ]);
  expect((await app.request('/assets/hero-1.svg')).headers.get('content-security-policy')).toContain("script-src 'self'");
});

test('the admin screens allow style elements by a nonce of their own and data: images; scripts stay this origin only, and public pages keep the strict policy', async () => {
  const app = new Hono().use(securityHeaders()).get('*', (c) => c.text(String(c.get('secureHeadersNonce'))));
  const nonces = new Set<string>();
  for (const path of ['/admin/pages', '/admin/pages/mr/clcss.yaml', '/adminLogin', '/table']) {
    const answer = await app.request(path);
    const nonce = await answer.text();
    const csp = answer.headers.get('content-security-policy')!;
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}';`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("script-src 'self';");
    nonces.add(nonce);
  }
  expect(nonces.size).toBe(4);
  for (const path of ['/clcss', '/admin-pages', '/mr/table']) {
    expect((await app.request(path)).headers.get('content-security-policy')).toContain("style-src 'self';");
  }
});
