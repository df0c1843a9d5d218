import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { MarketingStats } from '../../src/shared/marketingStats';
import { adminClient } from '../helpers/adminClient';
import { postJson } from '../helpers/storedData';
import { removeDir, startServer, type RunningServer } from '../helpers/server';

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
