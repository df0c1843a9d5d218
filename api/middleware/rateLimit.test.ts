import { Hono } from 'hono';
import { afterEach, expect, test } from 'vitest';
import { parseTrustedProxies } from '../http/clientAddress';
import { FileStore } from '../store/file/FileStore';
import { removeDir, tempDataDir } from '../../tests/helpers/server';
import { clientIp, type ClientIpEnv } from './clientIp';
import { rateLimit } from './rateLimit';

let store: FileStore | undefined;
let dir = '';
afterEach(async () => {
  await store?.close();
  removeDir(dir);
});

async function app(limit: number) {
  dir = tempDataDir();
  store = await FileStore.open(dir);
  return new Hono<ClientIpEnv>()
    .use(clientIp(parseTrustedProxies('127.0.0.1')))
    .use(rateLimit({ store, name: 'test', limit, windowMs: 60_000, message: (minutes) => `Wait ${minutes} min` }))
    .get('/', (c) => c.text('ok'));
}
const from = (server: Hono<ClientIpEnv>, client: string) =>
  server.request('/', { headers: { 'X-Forwarded-For': client } }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });

test('past the limit a client gets 429 with Retry-After and the minutes left; other clients are not held', async () => {
  const server = await app(2);
  expect((await from(server, '198.51.100.1')).status).toBe(200);
  expect((await from(server, '198.51.100.1')).status).toBe(200);
  const refused = await from(server, '198.51.100.1');
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
  expect(await refused.json()).toEqual({ message: 'Wait 1 min' });
  expect((await from(server, '198.51.100.2')).status).toBe(200);
});

test('a limit of 0 turns it off', async () => {
  const server = await app(0);
  for (let index = 0; index < 5; index++) expect((await from(server, '198.51.100.1')).status).toBe(200);
});
