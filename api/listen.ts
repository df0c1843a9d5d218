import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { getRequestListener, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';

/**
 * A slow or stalled client cannot hold a connection for ever, and no flood of connections
 * can take all of the process's sockets: past the cap, new ones are refused at once.
 */
export const SERVER_LIMITS = { requestMs: 30_000, headersMs: 15_000, keepAliveMs: 5_000, maxConnections: 2_000 };

/** A handler that takes some requests before the app; true when it took this one. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Serves the app on HOST:PORT with those limits; `first` may take requests before the app does. */
export function listen(
  app: Hono,
  { host, port }: { host: string; port: number },
  onListening: (info: AddressInfo) => void,
  first?: FastPath,
): ServerType {
  const toApp = getRequestListener(app.fetch);
  const server = createServer(
    {
      requestTimeout: SERVER_LIMITS.requestMs,
      headersTimeout: SERVER_LIMITS.headersMs,
      keepAliveTimeout: SERVER_LIMITS.keepAliveMs,
    },
    (request, response) => {
      if (!first?.(request, response)) void toApp(request, response);
    },
  );
  server.maxConnections = SERVER_LIMITS.maxConnections;
  server.listen(port, host, () => onListening(server.address() as AddressInfo));
  return server;
}
