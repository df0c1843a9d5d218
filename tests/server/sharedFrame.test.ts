import { afterAll, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { adminClient } from '../helpers/adminClient';
import { ALL_PUBLIC_ROUTES } from '../helpers/publicRoutes';
import { fetchServedPages, NOT_FOUND_ROUTES } from '../helpers/servedPages';
import { removeDir, ROOT, startServer, type RunningServer } from '../helpers/server';

const OWNER = { username: 'owner', password: 'owner pass phrase' };
const TAGLINE = 'Loans, subsidies and registrations for MSMEs. We prepare your file and follow it up until a decision.';
const NEW_TAGLINE = 'Loans, subsidies and certificates, arranged for you.';

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
});
const admin = adminClient(() => server!);
const routes = [...ALL_PUBLIC_ROUTES, ...NOT_FOUND_ROUTES];
const english = (route: string) => !/^\/(mr|hi)(\/|$)/.test(route);

/** The log's lines from `from` on that say the stale documents were drawn again, as their fields. */
const redrawn = (from: number) =>
  server!.output
    .slice(from)
    .filter((line) => line.includes('"msg":"stale documents drawn again"'))
    .map((line) => JSON.parse(line) as { documents: number; pagesDrawn: number; putTogether: number });

test('a tagline published in _site.yaml shows on every English page, each page put in the new frame without being drawn again', async () => {
  server = await startServer({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: '127.0.0.1' } });
  const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
  type Status = { checking: boolean };
  await expect.poll(async () => (await admin.get<Status>('/admin/api/content/status', cookie)).json.checking).toBe(false);
  const before = new Map((await fetchServedPages(server.url, routes)).map(({ route, html }) => [route, html]));
  expect(before.get('/')).toContain(TAGLINE);

  const from = server.output.length;
  const site = readFileSync(path.join(ROOT, 'pages-data/_site.yaml'), 'utf8');
  expect(site).toContain(`tagline: ${TAGLINE}`);
  const opened = await admin.get<{ head: string }>('/admin/api/pages/_site.yaml', cookie);
  const saved = await admin.request<{ revision: string }>('PUT', '/admin/api/pages/_site.yaml/draft', {
    cookie,
    body: { source: site.replace(TAGLINE, NEW_TAGLINE), basedOn: opened.json.head },
  });
  expect((await admin.post('/admin/api/pages/_site.yaml/publish', { basedOn: saved.json.revision }, cookie)).status).toBe(200);

  // Every English document was stale and is put together again from the page it held, in the new frame: none is drawn again.
  await expect.poll(() => redrawn(from).length).toBeGreaterThan(0);
  const [round] = redrawn(from);
  expect(round!.documents).toBeGreaterThanOrEqual(routes.filter(english).length);
  expect(round).toMatchObject({ pagesDrawn: 0, putTogether: round!.documents });

  // Each page is what it was drawn whole before, but for the tagline: its own menu mark and language links included.
  const after = await fetchServedPages(server.url, routes);
  for (const { route, html } of after) {
    const was = before.get(route)!;
    expect(html, route).toBe(english(route) ? was.replaceAll(TAGLINE, NEW_TAGLINE) : was);
  }
  const served = new Map(after.map(({ route, html }) => [route, html]));
  expect(served.get('/homeloan')).toMatch(/<a aria-current="page" class="site-nav__sublink active" href="\/homeloan"/);
  expect(served.get('/mr/homeloan')).toMatch(/<a aria-current="page" class="site-nav__sublink active" href="\/mr\/homeloan"/);
  expect(served.get('/fees')).not.toContain('aria-current="page"');
  expect(served.get('/hi/fees')).toMatch(/href="\/fees"[^>]*>English</);
  expect(server.output.join('\n')).not.toContain('is not in its language’s frame');
}, 120_000);
