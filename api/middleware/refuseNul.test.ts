import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { nulField, refuseNulInUrl } from './refuseNul';

test('a NUL in the address, raw or as %00, is refused before any route', async () => {
  const app = new Hono().use(refuseNulInUrl).get('*', (c) => c.text('reached'));
  expect(await (await app.request('/admin/api/enquiries?q=a%00b')).json()).toMatchObject({
    message: expect.stringContaining('NUL') as string,
  });
  expect((await app.request('/admin/api/enquiries/abc%00')).status).toBe(400);
  expect((await app.request('/admin/api/enquiries?cursor=1%2E2')).status).toBe(200);
});

test('the field of a body that holds a NUL, at any depth, in a value or a key', () => {
  expect(nulField({ name: 'Asha', message: 'a\u0000b' })).toBe('message');
  expect(nulField({ answers: { ['k\u0000']: 'x' } })).toBe('answers');
  expect(nulField({ list: ['a', ['b\u0000']] })).toBe('list');
  expect(nulField('\u0000')).toBe('');
  expect(nulField({ name: 'Asha', n: 1, ok: true, none: null })).toBeUndefined();
});
