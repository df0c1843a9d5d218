import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { toCsv } from '../../src/shared/csv';
import { addDays, indiaDate, indiaMidnight } from '../../src/shared/indiaTime';
import { VISIT_PATH } from '../../src/shared/visitBeaconPath';
import type { ServerContext } from '../context';
import { validBody } from '../middleware/validBody';
import { limitBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { auditedBy, deskReady, ownerOnly, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import { BEACON_TOO_LARGE, MAX_BEACON_BYTES, takeBeacon, type BeaconContext } from '../visits/takeBeacon';
import { dashboardListing, marketingStats } from '../visits/visitStats';

const PERIODS = new Set([7, 30, 90]);
/** Enough for every campaign a firm runs at once; each one listed has the day's caps of its own pool to share. */
export const MAX_EXPECTED_CAMPAIGNS = 100;

/**
 * POST /api/visit for the API app (tests, the development server). The production server takes
 * beacons before they reach Hono (api/visits/beaconListener.ts); both answer with takeBeacon.
 */
export function visitBeacon(context: BeaconContext) {
  return new Hono().post(
    VISIT_PATH,
    bodyLimit({ maxSize: MAX_BEACON_BYTES, onError: (c) => c.json({ message: BEACON_TOO_LARGE }, 413) }),
    async (c) => {
      const answer = takeBeacon(context, (name) => c.req.header(name), await c.req.text(), getConnInfo(c).remote.address);
      return answer.status === 204 ? c.body(null, 204) : c.json({ message: answer.message }, answer.status);
    },
  );
}

/**
 * The dashboard's figures of visits and enquiries for 7, 30 or 90 days, the owners' CSV of them,
 * and the owners' list of the campaigns they expect.
 */
export function visitStatsRoutes({ store, site, config, clock }: ServerContext) {
  const signedIn = deskReady(store, config, clock);
  const owners = [limitBody, ...signedIn, ownerOnly('change the expected campaigns'), sameOriginJson(config.siteUrl)] as const;
  const list = async () => ({ items: await store.visits.expectedCampaigns() });

  const statsOf = async (c: Context<SessionEnv & JsonBodyEnv>) => {
    const days = Number(c.req.query('days') ?? '30');
    if (!PERIODS.has(days)) return undefined;
    const to = indiaDate(clock.now());
    const from = addDays(to, -(days - 1));
    const since = indiaMidnight(from);
    const [enquiries, expected] = await Promise.all([store.visits.enquiryOriginCounts(since), store.visits.expectedCampaigns()]);
    const listing = dashboardListing(expected, enquiries);
    const visits = await store.visits.totals(from, to, listing);
    const checkers = new Set(
      [...site.content.routes.values()]
        .filter((route) => route.page.data.blocks.some((block) => block.type === 'eligibility'))
        .map((route) => route.path),
    );
    return marketingStats({ days, from, to }, visits, enquiries, checkers, listing);
  };
  const badPeriod = (c: Context) =>
    c.json({ message: 'Choose a period of 7, 30 or 90 days.', errors: { days: 'must be 7, 30 or 90' } }, 400);
  return new Hono<SessionEnv & JsonBodyEnv>()
    .get(ADMIN_API.expectedCampaigns, ...signedIn, async (c) => c.json(await list()))
    .post(ADMIN_API.expectedCampaigns, ...owners, ...validBody('expectedCampaign'), async (c) => {
      const body = c.req.valid('json');
      const name = body.name.trim().toLowerCase();
      if ((await store.visits.expectedCampaigns()).length >= MAX_EXPECTED_CAMPAIGNS)
        return c.json({ message: `At most ${MAX_EXPECTED_CAMPAIGNS} campaigns can be listed. Remove one that has ended first.` }, 409);
      if (!(await store.visits.addExpectedCampaign(name))) return c.json({ message: `“${name}” is listed already.` }, 409);
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'expected-campaign-add', detail: name });
      return c.json(await list(), 201);
    })
    .delete(ADMIN_API.expectedCampaign, ...owners, async (c) => {
      const name = c.req.param('name').toLowerCase();
      if (!(await store.visits.removeExpectedCampaign(name))) return c.json({ message: `“${name}” is not listed.` }, 404);
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'expected-campaign-remove', detail: name });
      return c.json(await list());
    })
    .get(ADMIN_API.visitStats, ...signedIn, async (c) => {
      const stats = await statsOf(c);
      return stats ? c.json(stats) : badPeriod(c);
    })
    .get(ADMIN_API.visitStatsCsv, ...signedIn, ownerOnly('export the visit figures'), async (c) => {
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
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'export', detail: `visit figures, ${stats.days} days` });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="visits-${stats.from}-to-${stats.to}.csv"`);
      return c.body(
        toCsv(['Kind', 'Page, campaign or site', 'Source', 'Medium', 'Visits', 'Landings', 'Enquiries', 'Enquiries per 100 visits'], rows),
      );
    });
}
