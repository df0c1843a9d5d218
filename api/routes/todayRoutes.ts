import { Hono } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { DAILY_LIST_ITEMS } from '../../src/shared/dailyList';
import { readBudget } from '../auth/readBudget';
import type { ServerContext } from '../context';
import { deskReady, type SessionEnv } from '../middleware/requireSession';
import { dailyListOf } from '../notify/dailyList';

/** The three sections of the list, each read in full up to its limit. */
const MOST_READ = 3 * DAILY_LIST_ITEMS;

/**
 * The desk's Today panel: the signed-in owner's or staff member's daily list, built by the same
 * function as the e-mail at the start of the working day. Its enquiries count towards a staff
 * member's hourly reads and are in the audit log, as every read of the desk is.
 */
export function todayRoutes({ store, site, config, clock }: ServerContext) {
  const reserveReads = readBudget(store);
  return new Hono<SessionEnv>().get(ADMIN_API.today, ...deskReady(store, config, clock), async (c) => {
    const allowed = await reserveReads(c, MOST_READ);
    if (!allowed.ok) return allowed.response;
    const { workflow } = site.content;
    const list = await dailyListOf(store, c.var.signedIn.accountId, {
      now: clock.now(),
      hours: workflow.firstResponse?.hours,
      finalStatuses: workflow.finalStatuses,
    });
    // A staff member near the hourly limit sees as many enquiries as it still allows; the totals still count the rest.
    const read = new Set<string>();
    for (const section of [list.followUps, list.assigned, list.overdue]) {
      section.items = section.items.filter((item) => (read.size < allowed.limit || read.has(item.id)) && read.add(item.id));
    }
    await allowed.done('today list', read.size);
    return c.json(list);
  });
}
