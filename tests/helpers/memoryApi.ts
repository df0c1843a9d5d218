// The admin screens' API in memory, the way Decap's test backend serves its editor: the screens'
// own client (src/admin/adminApi.ts, Hono's `hc`) sends its calls through `fetch`, and here that
// `fetch` hands each one to the real composed app (`app.request`) over a fresh file store and the
// test site's content (tests/helpers/site/, the site the screens are drawn with), with the
// session cookie kept as a browser would keep it. No server process, no port, no Chromium.
import { configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, vi } from 'vitest';
import { ADMIN_NAME_COOKIE } from '../../src/shared/cookies';
import { useApiApp } from './apiApp';
import { FIXTURE_SITE_DIR } from './siteData';

// Each answer comes from the real routes and store: on a busy machine that can take longer than the default second.
configure({ asyncUtilTimeout: 30_000 });

/**
 * For a component test file of the admin screens: `memoryApi()` opens the API over a fresh
 * store and routes the page's `fetch` to it; `signIn` adds an account and signs it in, so the
 * screens' calls carry its session. Everything is put back after each test.
 */
export function memoryApiPerTest(env: Record<string, string> = {}) {
  const apiApp = useApiApp(env, undefined, FIXTURE_SITE_DIR);
  afterEach(() => {
    vi.unstubAllGlobals();
    Cookies.remove(ADMIN_NAME_COOKIE, { path: '/' });
  });

  return async function memoryApi() {
    const opened = await apiApp();
    const { app, config } = opened;
    const jar = new Map<string, string>();
    /** What the screens' client sent, method and path, in order: for a test that checks a call was (not) made. */
    const calls: string[] = [];

    const inMemory: typeof fetch = async (input, init = {}) => {
      const request = new Request(new URL(input instanceof Request ? input.url : String(input), config.siteUrl), init);
      const headers = new Headers(request.headers);
      // What the browser adds by itself: the page's origin on a change, and the cookies it holds.
      if (request.method !== 'GET') headers.set('Origin', new URL(config.siteUrl).origin);
      if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}`);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      const response = await app.request(
        url.pathname + url.search,
        { method: request.method, headers, body, signal: init.signal ?? null },
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      );
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        const gone = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute)) || value === '';
        if (gone) jar.delete(name.trim());
        else jar.set(name.trim(), value);
      }
      return response;
    };
    vi.stubGlobal('fetch', inMemory);

    /** Adds an account (owner unless told) and signs it in: the screens' calls carry its session from now on. */
    async function signIn(username: string, role: Parameters<typeof opened.account>[1] = 'owner') {
      const password = await opened.account(username, role);
      const answer = await inMemory('/admin/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (!answer.ok) throw new Error(`${username} could not sign in: ${answer.status} ${await answer.text()}`);
      Cookies.set(ADMIN_NAME_COOKIE, username, { path: '/' });
      return username;
    }

    return { ...opened, signIn, calls };
  };
}
