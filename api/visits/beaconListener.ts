import type { IncomingMessage, ServerResponse } from 'node:http';
import { VISIT_PATH } from '../../src/shared/visitBeaconPath';
import { BEACON_TOO_LARGE, MAX_BEACON_BYTES, takeBeacon, type BeaconContext } from './takeBeacon';

/**
 * Takes POST /api/visit straight from Node's http server, before a request object is made for
 * Hono: a beacon is the busiest request by far and needs none of the app's middleware (no
 * session, no headers to set on an empty answer, no log line per page view). Answers false
 * for every other request.
 */
export function beaconListener(context: BeaconContext) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'POST' || request.url !== VISIT_PATH) return false;
    const answer = (status: number, message?: string) => {
      if (message === undefined) response.writeHead(status).end();
      else response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify({ message }));
    };
    if (Number(request.headers['content-length'] ?? 0) > MAX_BEACON_BYTES) {
      answer(413, BEACON_TOO_LARGE);
      request.resume();
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BEACON_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BEACON_BYTES) return answer(413, BEACON_TOO_LARGE);
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
      };
      const taken = takeBeacon(context, header, Buffer.concat(chunks).toString('utf8'), request.socket.remoteAddress);
      answer(taken.status, taken.status === 204 ? undefined : taken.message);
    });
    return true;
  };
}
