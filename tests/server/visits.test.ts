import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { MarketingStats } from '../../src/shared/marketingStats';
import { adminClient } from '../helpers/adminClient';
import { postJson } from '../helpers/storedData';
import { removeDir, startServer, tempDataDir, type RunningServer } from '../helpers/server';

const OWNER = { username: 'owner', password: 'visits owner phrase' };
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; VisitTestPhone) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const VISITOR_IP = '203.0.113.77';
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
});

/** Every file under a folder, as text. */
const everyFile = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? everyFile(file) : [readFileSync(file, 'latin1')];
  });

test('page views are counted per page, campaign and referring site, and an enquiry keeps its campaign; robots, opt-outs and prefetches are not; no cookie, address or user agent is kept', async () => {
  server = await startServer({
    env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, VISIT_FLUSH_SECONDS: '1', TRUST_PROXY: '127.0.0.1' },
  });
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(new URL('/api/visit', server!.url), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': PHONE_UA, 'X-Forwarded-For': VISITOR_IP, ...headers },
      body: JSON.stringify(body),
    });
  const diwali = { s: 'google', m: 'cpc', c: 'diwali-loans' };
  // Two visits from the campaign, landing on the home page; one from a WhatsApp forward; one typed in.
  for (const landing of [
    { p: '/', l: 'en', n: 1, ...diwali, r: 'www.google.com' },
    { p: '/', l: 'en', n: 1, ...diwali, r: 'www.google.com' },
    { p: '/mr/homeloan', l: 'mr', n: 1, r: 'web.whatsapp.com' },
    { p: '/pmegp', l: 'en', n: 1 },
  ]) {
    const answer = await beacon(landing);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toBeNull();
  }
  for (const view of [
    { p: '/homeloan', l: 'en' },
    { p: '/contactus', l: 'en' },
    { p: '/pmegp', l: 'en' },
  ])
    expect((await beacon(view)).status).toBe(204);
  // Not counted: a robot, a visitor who opted out either way, a prefetch.
  for (const headers of <Record<string, string>[]>[
    { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    { 'Sec-GPC': '1' },
    { DNT: '1' },
    { 'Sec-Purpose': 'prefetch' },
  ])
    expect((await beacon({ p: '/homeloan', l: 'en' }, headers)).status).toBe(204);
  // Refused: an address the site does not have, and no JSON at all.
  expect(await (await beacon({ p: '/wp-login.php', l: 'en' })).json()).toEqual({ message: 'This is not a page of the site.' });
  expect((await fetch(new URL('/api/visit', server.url), { method: 'POST', body: 'hello' })).status).toBe(400);

  // The campaign's visitor sends an enquiry two pages later: its hidden fields carry the campaign.
  const sent = await postJson(new URL('/addcontactdata', server.url).href, {
    name: 'Campaign Visitor',
    number: '9822098220',
    enquiry: 'other',
    message: 'Saw the Diwali offer',
    consent: true,
    sourcePage: '/homeloan',
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: 'diwali-loans',
    referrer: 'www.google.com',
  });
  expect(sent.status).toBe(200);

  const admin = adminClient(() => server!);
  const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
  let stats: MarketingStats | undefined;
  await expect
    .poll(
      async () => {
        stats = (await admin.get<MarketingStats>('/admin/api/stats/visits?days=7', cookie)).json;
        return stats.totals.visits;
      },
      { timeout: 10_000 },
    )
    .toBe(7);
  expect(stats!.totals).toEqual({ visits: 7, enquiries: 1 });
  expect(stats!.pages.find((page) => page.path === '/')).toEqual({ path: '/', visits: 2, landings: 2, enquiries: 0 });
  expect(stats!.pages.find((page) => page.path === '/homeloan')).toEqual({ path: '/homeloan', visits: 1, landings: 0, enquiries: 1 });
  expect(stats!.campaigns).toEqual([{ source: 'google', medium: 'cpc', campaign: 'diwali-loans', visits: 2, enquiries: 1 }]);
  expect(stats!.referrers).toEqual([
    { host: 'www.google.com', visits: 2, enquiries: 1 },
    { host: 'web.whatsapp.com', visits: 1, enquiries: 0 },
  ]);
  expect(stats!.checkers.find((checker) => checker.path === '/pmegp')).toEqual({ path: '/pmegp', visits: 2, enquiries: 0 });
  expect((await admin.get('/admin/api/stats/visits?days=12', cookie)).status).toBe(400);

  const listed = await admin.get<{ items: Record<string, unknown>[] }>('/admin/api/enquiries?campaign=diwali-loans', cookie);
  expect(listed.json.items.map((item) => [item['name'], item['campaign']])).toEqual([
    ['Campaign Visitor', { source: 'google', medium: 'cpc', campaign: 'diwali-loans' }],
  ]);

  const csv = await admin.request('GET', '/admin/api/stats/visits.csv?days=30', { cookie });
  expect(csv.status).toBe(200);
  expect(csv.text).toContain('Campaign,diwali-loans,google,cpc,2,,1,50.0\r\n');

  // Nothing that could tell one visitor from another is on disk.
  const stored = everyFile(server.dataDir).join('\n');
  expect(stored).toContain('diwali-loans');
  for (const secret of [VISITOR_IP, 'VisitTestPhone', 'Googlebot']) expect(stored, secret).not.toContain(secret);
}, 60_000);

/** Today's counts as the file store keeps them, once the server has stopped (and written them). */
function todayOnDisk(dataDir: string) {
  const day = JSON.parse(readFileSync(path.join(dataDir, 'visits/today.json'), 'utf8')) as {
    origins: string[][];
    counts: [string, number, number, number][];
  };
  const real = day.counts.filter(([, , origin]) => origin !== -1 && !day.origins[origin]!.includes('(other)'));
  return {
    views: day.counts.reduce((sum, [, , , count]) => sum + count, 0),
    origins: new Set(real.map(([, , origin]) => origin)).size,
    rows: real.length,
  };
}

test('10,000 page views with made-up campaigns from one client, half to the fast path and half to the app’s route, count at most its minute’s limit; the day’s caps hold across a restart', async () => {
  const flooded = tempDataDir('visit-flood-');
  const capped = tempDataDir('visit-caps-');
  const env = { VISIT_FLUSH_SECONDS: '1', TRUST_PROXY: '127.0.0.1', VISIT_ORIGINS_PER_DAY: '20', VISIT_ROWS_PER_DAY: '40' };
  const pages = ['/', '/homeloan', '/pmegp', '/mudra', '/contactus', '/about', '/mr', '/hi', '/businessloan', '/cgtmse'];
  const send = (running: RunningServer, client: string, page: string, origin: string, path = '/api/visit') =>
    fetch(new URL(path, running.url), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': PHONE_UA, 'X-Forwarded-For': client },
      body: JSON.stringify({ p: page, l: 'en', n: 1, s: `spam-${origin}`, m: 'x', c: `junk-${origin}` }),
    }).then((answer) => answer.status);
  try {
    // On a clock that stands still: the flood takes longer than a minute on a busy machine, and a new minute is a new allowance.
    const one = await startServer({ dataDir: flooded, env, clock: 'now' });
    const answers: number[] = [];
    for (let batch = 0; batch < 100; batch++)
      answers.push(
        ...(await Promise.all(
          // The production server's fast path takes /api/visit exactly; with a query, the app's own route does.
          Array.from({ length: 100 }, (_, index) =>
            send(one, VISITOR_IP, pages[index % pages.length]!, String(Math.random()), index % 2 ? '/api/visit?x' : '/api/visit'),
          ),
        )),
      );
    expect(answers.filter((status) => status === 204)).toHaveLength(10_000);
    await one.stop();
    expect(todayOnDisk(flooded).views).toBe(60);

    // From many clients, one view each: 25 campaigns, each landing on one page after another. The
    // first 20 campaigns fill the day's new origins; their second pages fill its 40 rows.
    const many = (index: number) =>
      send(running, `198.51.${Math.floor(index / 200)}.${index % 200}`, pages[Math.floor(index / 25) % 10]!, String(index % 25));
    let running = await startServer({ dataDir: capped, env });
    for (let index = 0; index < 300; index++) await many(index);
    await running.stop();
    expect(todayOnDisk(capped)).toEqual({ views: 300, origins: 20, rows: 40 });
    running = await startServer({ dataDir: capped, env });
    for (let index = 300; index < 600; index++) await many(index);
    await running.stop();
    expect(todayOnDisk(capped)).toEqual({ views: 600, origins: 20, rows: 40 });
  } finally {
    removeDir(flooded);
    removeDir(capped);
  }
}, 120_000);
