import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../api/auth/sessionTokens';
import { removeDir, startServer, type RunningServer } from '../helpers/server';
import { storedEnquiries, storedPrivacyRequests } from '../helpers/storedData';
import { HOSTILE_CORPUS, type Credential, type HostileRequest } from './corpus';

const PROBE = path.resolve(import.meta.dirname, 'prototypeProbe.mjs');
const ADMIN = { username: 'owner', password: 'hostile-suite-pass' };
const EXPIRED_TOKEN = 'an-expired-token-planted-by-the-hostile-suite-0001';
let server: RunningServer;
let validSession = '';

const cookieFor = (credential: Credential = 'none'): string | undefined =>
  ({
    none: undefined,
    valid: `session=${validSession}`,
    forged: 'session=Zm9yZ2VkLXRva2VuLW5ldmVyLWlzc3VlZC1ieS10aGUtc2VydmVyLTAx',
    expired: `session=${EXPIRED_TOKEN}`,
    swapped: `session=${ADMIN.username}; adminUsername=${validSession}`,
    'username-only': `adminUsername=${ADMIN.username}`,
  })[credential];

function storedCounts() {
  // Parsing every file is part of the check: a damaged file throws here.
  JSON.parse(readFileSync(path.join(server.dataDir, 'security.json'), 'utf8'));
  return {
    about: storedEnquiries(server.dataDir, 'about').length,
    contact: storedEnquiries(server.dataDir, 'contact').length,
    privacy: storedPrivacyRequests(server.dataDir).length,
  };
}

async function send(request: HostileRequest): Promise<number> {
  const headers: Record<string, string> = { Origin: new URL(server.url).origin, ...request.headers };
  const cookie = cookieFor(request.credential);
  if (cookie) headers.Cookie = cookie;
  const body = typeof request.body === 'function' ? request.body() : request.body;
  try {
    const response = await fetch(new URL(request.path, server.url).href, {
      method: request.method,
      headers,
      body: request.method === 'GET' ? undefined : body,
      ...(body instanceof ReadableStream && { duplex: 'half' }),
    } as RequestInit);
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    // The server may close the connection on a body it refuses mid-stream; it must still be up (checked next).
    if ((error as Error).name === 'TypeError') return 0;
    throw error;
  }
}

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, nodeArgs: ['--import', PROBE] });
  const login = await fetch(new URL('/admin/login', server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(server.url).origin },
    body: JSON.stringify(ADMIN),
  });
  validSession = /session=([^;]+)/.exec(login.headers.getSetCookie().join())![1]!;
  // Plant a session that expired yesterday, then restart so the server reads it.
  await server.stop();
  const file = path.join(server.dataDir, 'security.json');
  const security = JSON.parse(readFileSync(file, 'utf8')) as { accounts: { id: string }[]; sessions: Record<string, unknown> };
  security.sessions[hashToken(EXPIRED_TOKEN)] = { accountId: security.accounts[0]!.id, expiresAt: Date.now() - 86_400_000 };
  writeFileSync(file, JSON.stringify(security));
  server = await startServer({ dataDir: server.dataDir, nodeArgs: ['--import', PROBE] });
}, 60_000);

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('the hostile corpus', () => {
  test('holds at least 300 requests across every endpoint', () => {
    expect(HOSTILE_CORPUS.length).toBeGreaterThanOrEqual(300);
    const paths = new Set(HOSTILE_CORPUS.map((request) => request.path));
    for (const endpoint of [
      '/aboutform',
      '/addcontactdata',
      '/fetchaboutdata',
      '/fetchcontactusdata',
      '/deleteproduct',
      '/deletecontact',
      '/admin/login',
      '/admin/logout',
      '/admin/session',
      '/admin/reset-password',
      '/admin/reset-username',
      '/admin/api/enquiries',
      '/admin/api/stats',
      '/admin/api/today',
      '/admin/api/accounts',
      '/admin/api/audit',
      '/privacyrequest',
      '/admin/api/privacy-requests',
      '/admin/api/erasure',
    ]) {
      expect(paths.has(endpoint)).toBe(true);
    }
  });

  test('every request: no 5xx, the server stays up, the files parse, and only accepted enquiries are stored', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const request of HOSTILE_CORPUS) {
      const before = storedCounts();
      const status = await send(request);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const after = storedCounts();
      const alive = (await fetch(new URL('/robots.txt', server.url))).status === 200;
      const accepted = status === 200 && ['/aboutform', '/addcontactdata', '/privacyrequest'].includes(request.path);
      const kinds = ['about', 'contact', 'privacy'] as const;
      const added = kinds.reduce((sum, kind) => sum + after[kind] - before[kind], 0);
      const removed = kinds.reduce((sum, kind) => sum + Math.max(0, before[kind] - after[kind]), 0);
      if (status >= 500) failures.push(`${request.name}: status ${status}`);
      if (!alive) failures.push(`${request.name}: the server stopped answering`);
      if (added !== (accepted ? 1 : 0)) failures.push(`${request.name}: status ${status} but ${added} records added`);
      if (removed > 0) failures.push(`${request.name}: ${removed} records removed`);
      if (request.mustNotStore && accepted) failures.push(`${request.name}: accepted with status 200`);
      if (!alive) break;
    }
    expect(failures).toEqual([]);
    // The corpus reaches every kind of refusal, and harmless-looking text is still accepted as text.
    for (const status of [200, 400, 401, 403, 404, 405, 413, 415, 431])
      expect(statuses.get(status), `answers with status ${status}`).toBeGreaterThan(0);
  }, 300_000);

  test('no built-in prototype was polluted inside the server process', async () => {
    const lines = server.output.length;
    server.process.kill('SIGUSR2');
    await expect.poll(() => server.output.slice(lines).find((line) => line.includes('prototypeProbe'))).toBeTruthy();
    const { prototypeProbe } = JSON.parse(server.output.slice(lines).find((line) => line.includes('prototypeProbe'))!) as {
      prototypeProbe: unknown;
    };
    expect(prototypeProbe).toEqual({
      added: { Object: [], Array: [], Function: [], String: [] },
      emptyObjectKeys: [],
      inheritedPolluted: null,
      isAdminInherited: null,
    });
  });
});
