import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Hono } from 'hono';
import { afterEach, expect, test } from 'vitest';
import { listen, SERVER_LIMITS } from './listen';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function start(): Promise<number> {
  const app = new Hono().get('/', (c) => c.text('ok'));
  return new Promise((resolve) => {
    server = listen(app, { host: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(info.port)) as Server;
  });
}

test('the server carries its timeouts and its connection cap', async () => {
  await start();
  expect(server!.requestTimeout).toBe(SERVER_LIMITS.requestMs);
  expect(server!.headersTimeout).toBe(SERVER_LIMITS.headersMs);
  expect(server!.keepAliveTimeout).toBe(SERVER_LIMITS.keepAliveMs);
  expect(server!.maxConnections).toBe(SERVER_LIMITS.maxConnections);
});

test('an idle keep-alive connection is closed by the server, not held open', async () => {
  const port = await start();
  const socket = connect(port, '127.0.0.1');
  const closedByServer = new Promise<boolean>((resolve) => socket.on('end', () => resolve(true)));
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  await new Promise((resolve) => socket.once('data', resolve));
  // Without a keep-alive timeout this would wait for ever, and the test would time out.
  expect(await closedByServer).toBe(true);
}, 30_000);
