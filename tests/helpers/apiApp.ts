import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import { createApiApp } from '../../api/app';
import { connectWhatsApp, type WhatsApp } from '../../api/jobs/whatsapp';
import { systemClock } from '../../api/clock';
import { readConfig } from '../../api/config';
import { SecretsKey } from '../../api/secrets/secretsKey';
import { LocalChecks } from '../../api/site/contentChecks';
import { ContentPublisher } from '../../api/site/contentPublisher';
import { FileStore } from '../../api/store/file/FileStore';
import { diskFolder } from '../../src/content/contentFolder';
import type { Account } from '../../api/store/Store';
import type { ManualClock } from './manualClock';
import { removeDir, tempDataDir } from './server';

const ORIGIN = 'http://site.test';

const PAGES_DIR = path.resolve(import.meta.dirname, '../../pages-data');
/** One checker per content folder and test file: it keeps what it learnt of the content, so each test's site is checked at once. */
const checkers = new Map<string, LocalChecks>();

/**
 * A stored hash in the server's own format with a small scrypt cost. The parameters travel
 * with each hash, so the server checks it as it would any other, in a millisecond instead of
 * the few hundred the real cost takes (api/auth/passwordHash.test.ts checks that cost).
 */
function quickHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export interface Call {
  body?: unknown;
  cookie?: string;
  /** The socket's address (default 127.0.0.1). */
  address?: string;
  headers?: Record<string, string>;
}

/**
 * The composed API, in the same process, Hono's way: app.request() with no port, over a
 * real file store in a fresh folder, serving the content in `pagesDir` (the real pages-data/
 * unless told). Stores and folders are closed after each test.
 */
export function useApiApp(env: Record<string, string> = {}, clock?: ManualClock, pagesDir = PAGES_DIR) {
  const checks = checkers.get(pagesDir) ?? new LocalChecks(diskFolder(pagesDir));
  checkers.set(pagesDir, checks);
  // The first check of the content compiles the schemas and reads every file: done once, before the tests.
  beforeAll(() => checks.check(new Map()), 60_000);
  const opened: { store: FileStore; dir: string; whatsapp: WhatsApp | undefined }[] = [];
  afterEach(async () => {
    for (const { store, dir, whatsapp } of opened.splice(0)) {
      await whatsapp?.stop();
      await store.close();
      removeDir(dir);
    }
  });

  return async function apiApp() {
    const dir = tempDataDir('api-unit-');
    const store = await FileStore.open(dir, clock);
    const entry: (typeof opened)[number] = { store, dir, whatsapp: undefined };
    opened.push(entry);
    const config = readConfig({ DATA_DIR: dir, SITE_URL: ORIGIN, ADMIN_MFA: 'optional', ...env });
    const publisher = await ContentPublisher.start({
      store,
      checks,
      pagesDir,
      clock: clock ?? systemClock,
      pollMs: 0,
      log: () => {},
    });
    const { site } = publisher;
    const secrets = SecretsKey.generate();
    // WhatsApp, when the test sets it up: read and sent when woken (the webhook, a reply) or by `whatsapp.wake()`, never on a timer.
    const whatsapp = connectWhatsApp(config.whatsapp, {
      store,
      content: () => site.content,
      secrets,
      clock: clock ?? systemClock,
      pollMs: 0,
      retryBaseMs: 30_000,
      log: () => {},
    });
    const app = createApiApp({ store, publisher, config, secrets, log: () => {}, ...(clock && { clock }), ...(whatsapp && { whatsapp }) });
    entry.whatsapp = whatsapp;

    async function call(method: string, path: string, { body, cookie, address = '127.0.0.1', headers = {} }: Call = {}) {
      const response = await app.request(
        `${ORIGIN}${path}`,
        {
          method,
          headers: {
            ...(method !== 'GET' && { 'Content-Type': 'application/json', Origin: ORIGIN }),
            ...(cookie && { Cookie: cookie }),
            ...headers,
          },
          ...(method !== 'GET' && { body: typeof body === 'string' ? body : JSON.stringify(body ?? {}) }),
        },
        { incoming: { socket: { remoteAddress: address } } },
      );
      const text = await response.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // not JSON
      }
      return { status: response.status, headers: response.headers, json, text };
    }

    async function account(username: string, role: Account['role'] = 'owner', password = `${username} pass phrase`) {
      await store.accounts.add({
        id: randomUUID(),
        username,
        role,
        passwordHash: quickHash(password),
        createdAt: new Date().toISOString(),
      });
      return password;
    }

    /** Signs in and returns the cookie that carries the session. */
    async function logIn(username: string, password = `${username} pass phrase`) {
      const answer = await call('POST', '/admin/login', { body: { username, password } });
      return answer.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .filter((pair) => pair.startsWith('session='))
        .join('; ');
    }

    return { app, store, site, publisher, config, dir, secrets, whatsapp, call, account, logIn };
  };
}
