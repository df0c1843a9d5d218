import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';

/**
 * A slow or stalled client cannot hold a connection for ever, and no flood of connections
 * can take all of the process's sockets: past the cap, new ones are refused at once.
 */
export const SERVER_LIMITS = { requestMs: 30_000, headersMs: 15_000, keepAliveMs: 5_000, maxConnections: 2_000 };

/** Serves the app on HOST:PORT with those limits. */
export function listen(app: Hono, { host, port }: { host: string; port: number }, onListening: (info: AddressInfo) => void): ServerType {
  const server = serve(
    {
      fetch: app.fetch,
      hostname: host,
      port,
      serverOptions: {
        requestTimeout: SERVER_LIMITS.requestMs,
        headersTimeout: SERVER_LIMITS.headersMs,
        keepAliveTimeout: SERVER_LIMITS.keepAliveMs,
      },
    },
    onListening,
  );
  server.maxConnections = SERVER_LIMITS.maxConnections;
  return server;
}
