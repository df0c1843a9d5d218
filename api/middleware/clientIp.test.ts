import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { parseTrustedProxies } from '../http/clientAddress';
import { clientIp, type ClientIpEnv } from './clientIp';

function app(trusted?: string) {
  return new Hono<ClientIpEnv>()
    .use(clientIp(parseTrustedProxies(trusted)))
    .get('/', (c) => c.json({ ip: c.var.clientIp, key: c.var.rateKey }));
}
const ask = async (server: Hono<ClientIpEnv>, socket: string, forwardedFor?: string): Promise<unknown> =>
  (
    await server.request(
      '/',
      { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} },
      { incoming: { socket: { remoteAddress: socket } } },
    )
  ).json();

test('without trusted proxies: the socket, and X-Forwarded-For is ignored', async () => {
  expect(await ask(app(), '203.0.113.9', '1.2.3.4')).toEqual({ ip: '203.0.113.9', key: '203.0.113.9' });
});

test('behind a trusted proxy: the client it names; an IPv6 client is keyed by its /64', async () => {
  expect(await ask(app('127.0.0.1'), '127.0.0.1', '198.51.100.7')).toEqual({ ip: '198.51.100.7', key: '198.51.100.7' });
  expect(await ask(app('127.0.0.1'), '::ffff:127.0.0.1', '2001:db8:5:6::42')).toEqual({ ip: '2001:db8:5:6::42', key: '2001:db8:5:6::/64' });
});

test('a client that is not the proxy cannot choose its own address', async () => {
  expect(await ask(app('10.0.0.1'), '203.0.113.9', '1.2.3.4')).toEqual({ ip: '203.0.113.9', key: '203.0.113.9' });
});
