import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { toCsv } from '../../src/shared/csv';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { VISIT_PATH } from '../../src/shared/visitBeaconPath';
import type { ServerContext } from '../context';
import { auditedBy, deskReady, ownerOnly, type SessionEnv } from '../middleware/requireSession';
import type { VisitCounter } from './visitCounter';
import { marketingStats } from './visitStats';

/** A beacon is a handful of short fields. */
const MAX_BEACON_BYTES = 1024;
const PERIODS = new Set([7, 30, 90]);
/** Crawlers, link previews, monitors and scripted browsers: not people. */
const BOT =
  /bot|crawl|spider|slurp|facebookexternalhit|whatsapp|preview|headless|lighthouse|pingdom|uptime|python|curl|wget|httpclient|java\//i;
const UTM_VALUE = /^[^<>\p{Cc}]{1,100}$/u;
const HOST = /^[a-z0-9.-]{1,253}$/;
const LANGUAGE = /^[a-z]{2}$/;

const text = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : '');

/**
 * Visits counted without cookies: POST /api/visit takes a page view (the page, its language,
 * and for the first page of a visit its campaign and referring site) and counts it, unless the
 * browser asks not to be tracked, is prefetching, or is a robot. Nothing identifying is read
 * or kept: no cookie, no address, no user agent. The dashboard reads the counts per period.
 */
export function visitRoutes({ store, site, config, clock }: ServerContext, counter: VisitCounter) {
  const app = new Hono<SessionEnv>();
  const signedIn = deskReady(store, config, clock);

  app.post(
    VISIT_PATH,
    bodyLimit({ maxSize: MAX_BEACON_BYTES, onError: (c) => c.json({ message: 'A visit is at most 1 KB.' }, 413) }),
    async (c) => {
      const header = (name: string) => c.req.header(name) ?? '';
      const unwanted =
        header('dnt') === '1' ||
        header('sec-gpc') === '1' ||
        /prefetch|prerender/i.test(`${header('sec-purpose')} ${header('purpose')} ${header('x-moz')}`) ||
        BOT.test(header('user-agent'));
      if (unwanted) return c.body(null, 204);
      let beacon: Record<string, unknown>;
      try {
        beacon = JSON.parse(await c.req.text()) as Record<string, unknown>;
        if (!beacon || typeof beacon !== 'object') throw new Error('not an object');
      } catch {
        return c.json({ message: 'A visit is JSON: {"p": "/page", "l": "en"}.' }, 400);
      }
      const path = typeof beacon['p'] === 'string' ? beacon['p'] : '';
      const language = text(beacon['l'], LANGUAGE);
      // Only the site's own pages are counted, so made-up addresses cannot fill the store.
      if (!site.current.content.payload(path).found || !language) return c.json({ message: 'This is not a page of the site.' }, 400);
      const landing = beacon['n'] === 1;
      counter.count({
        day: indiaDate(clock.now()),
        path,
        landing,
        source: landing ? text(beacon['s'], UTM_VALUE) : '',
        medium: landing ? text(beacon['m'], UTM_VALUE) : '',
        campaign: landing ? text(beacon['c'], UTM_VALUE) : '',
        referrer: landing ? text(beacon['r'], HOST) : '',
      });
      return c.body(null, 204);
    },
  );

  const statsOf = async (c: Context<SessionEnv>) => {
    const days = Number(c.req.query('days') ?? '30');
    if (!PERIODS.has(days)) return undefined;
    const to = indiaDate(clock.now());
    const from = addDays(to, -(days - 1));
    const since = new Date(`${from}T00:00:00+05:30`).toISOString();
    const [visits, enquiries] = await Promise.all([store.visitCounts(from, to), store.enquiryOriginCounts(since)]);
    const checkers = new Set(
      [...site.current.content.routes.values()]
        .filter((route) => route.page.data.blocks.some((block) => block.type === 'eligibility'))
        .map((route) => route.path),
    );
    return marketingStats({ days, from, to }, visits, enquiries, checkers);
  };
  const badPeriod = (c: Context) =>
    c.json({ message: 'Choose a period of 7, 30 or 90 days.', errors: { days: 'must be 7, 30 or 90' } }, 400);

  app.get(ADMIN_API.visitStats, ...signedIn, async (c) => {
    const stats = await statsOf(c);
    return stats ? c.json(stats) : badPeriod(c);
  });

  app.get(ADMIN_API.visitStatsCsv, ...signedIn, ownerOnly('export the visit figures'), async (c) => {
    const stats = await statsOf(c);
    if (!stats) return badPeriod(c);
    const per100 = (enquiries: number, visits: number) => (visits === 0 ? '' : ((enquiries * 100) / visits).toFixed(1));
    const rows = [
      ...stats.pages.map((row) => [
        'Page',
        row.path,
        '',
        '',
        String(row.visits),
        String(row.landings),
        String(row.enquiries),
        per100(row.enquiries, row.visits),
      ]),
      ...stats.campaigns.map((row) => [
        'Campaign',
        row.campaign,
        row.source,
        row.medium,
        String(row.visits),
        '',
        String(row.enquiries),
        per100(row.enquiries, row.visits),
      ]),
      ...stats.referrers.map((row) => [
        'Referring site',
        row.host,
        '',
        '',
        String(row.visits),
        '',
        String(row.enquiries),
        per100(row.enquiries, row.visits),
      ]),
    ];
    await store.addAudit({ ...auditedBy(c.var.signedIn), action: 'export', detail: `visit figures, ${stats.days} days` });
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="visits-${stats.from}-to-${stats.to}.csv"`);
    return c.body(
      toCsv(['Kind', 'Page, campaign or site', 'Source', 'Medium', 'Visits', 'Landings', 'Enquiries', 'Enquiries per 100 visits'], rows),
    );
  });

  return app;
}
