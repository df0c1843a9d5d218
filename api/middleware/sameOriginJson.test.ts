import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { sameOriginJson, sameOriginUpload } from './sameOriginJson';

const app = new Hono().post('/change', sameOriginJson('https://firm.example'), (c) => c.text('done'));
const post = (headers: Record<string, string>, url = 'http://127.0.0.1:8000/change') =>
  app.request(url, { method: 'POST', headers: { Host: new URL(url).host, ...headers }, body: '{}' });
const json = { 'Content-Type': 'application/json' };

test('lets through JSON from the origin the request reached, or from SITE_URL behind a proxy', async () => {
  expect((await post({ ...json, Origin: 'http://127.0.0.1:8000' })).status).toBe(200);
  expect((await post({ ...json, Origin: 'https://firm.example' })).status).toBe(200);
  expect((await post({ ...json, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
});

test.each([
  ['another site', { ...json, Origin: 'https://evil.example' }],
  ['the same host on another scheme', { ...json, Origin: 'https://127.0.0.1:8000' }],
  ['the same host on another port', { ...json, Origin: 'http://127.0.0.1:8001' }],
  ['a look-alike host', { ...json, Origin: 'https://firm.example.evil.example' }],
  ['an opaque origin', { ...json, Origin: 'null' }],
  ['a cross-site fetch', { ...json, 'Sec-Fetch-Site': 'cross-site' }],
  ['no origin at all', json],
  ['a plain form post', { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://127.0.0.1:8000' }],
])('refuses %s with 403', async (_label, headers) => {
  const response = await post(headers);
  expect(response.status).toBe(403);
  expect(((await response.json()) as { message: string }).message).toBe('This request must come from the admin pages of this site.');
});

const upload = new Hono().post('/upload', sameOriginUpload('https://firm.example'), (c) => c.text('done'));
const send = (headers: Record<string, string>) => {
  const form = new FormData();
  form.set('alt', 'A shop');
  const request = new Request('http://127.0.0.1:8000/upload', { method: 'POST', body: form });
  const type = request.headers.get('content-type')!;
  return upload.request('http://127.0.0.1:8000/upload', {
    method: 'POST',
    headers: { Host: '127.0.0.1:8000', 'Content-Type': type, ...headers },
    body: request.body,
    duplex: 'half',
  } as RequestInit);
};

test('an upload comes through from this origin with its header, and from nowhere else or without it', async () => {
  expect((await send({ Origin: 'http://127.0.0.1:8000', 'X-Requested-With': 'fetch' })).status).toBe(200);
  // A form on another site can post multipart, but cannot add the header nor hide its origin.
  expect((await send({ Origin: 'https://evil.example', 'X-Requested-With': 'fetch' })).status).toBe(403);
  expect((await send({ Origin: 'http://127.0.0.1:8000' })).status).toBe(403);
  expect((await send({ 'X-Requested-With': 'fetch' })).status).toBe(403);
});
