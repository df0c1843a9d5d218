import { isoNow } from '../../api/clock';
import type { Account, Actor, NewEnquiry, Store } from '../../api/store/Store';
import type { VisitCount, VisitTotals } from '../../api/store/VisitStore';
import { campaignKey, referrerKey } from '../../api/store/visitTotals';
import type { ManualClock } from './manualClock';

/** The records the stores' tests (api/store/*Store.test.ts and others) make, and what they compare them by. */

export const contact = (message: string, extra: Partial<Record<string, string>> = {}): NewEnquiry => ({
  form: 'contact',
  fields: { name: 'Contract', number: '+919876543210', enquiry: 'other', message, ...extra },
});

export const about = (name: string, phoneno = '+919822012345'): NewEnquiry => ({
  form: 'about',
  fields: { name, address: 'Waluj', message: 'Hello', phoneno },
});

export const account = (username: string, role: Account['role'] = 'staff'): Account => ({
  id: `id-${username}`,
  username,
  role,
  passwordHash: 'scrypt$1$1$1$a$b',
  createdAt: '2026-11-01T00:00:00.000Z',
});

/** Who made a desk change, as the routes pass the signed-in account. */
export const by = (username: string): Actor => ({ id: `id-${username}`, username });

export const request = (name: string, phone = '+919822012345', extra: Record<string, string> = {}) => ({
  fields: { name, phone, kind: 'access', ...extra },
  dueOn: '2026-12-23',
});

/** Every enquiry a query matches, page by page. */
export async function allEnquiries(store: Store, query: Parameters<Store['enquiries']['list']>[0]) {
  const items = [];
  let cursor: string | undefined;
  do {
    const page = await store.enquiries.list({ ...query, ...(cursor !== undefined && { cursor }) });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** A moment strictly between the writes before it and those after. */
export async function between(clock: ManualClock): Promise<string> {
  await clock.advance(1000);
  const moment = isoNow(clock);
  await clock.advance(1000);
  return moment;
}

/** Records in one order, to compare. */
export const byKey = <T>(counts: T[]) => [...counts].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
/** Totals in one order, to compare. */
export const sortedTotals = (totals: VisitTotals): VisitTotals => ({
  pages: byKey(totals.pages),
  campaigns: byKey(totals.campaigns),
  referrers: byKey(totals.referrers),
});

/**
 * What the stored rows say the dashboard must show, worked out here from the rows alone: each
 * page's views and landings, and the landings of each campaign and each referring site (with
 * their keys, by their definition).
 */
export function totalsOfRows(rows: readonly VisitCount[]): VisitTotals {
  const sumOf = (kept: readonly VisitCount[]) => kept.reduce((sum, row) => sum + row.count, 0);
  const groups = (kept: readonly VisitCount[], keyOf: (row: VisitCount) => string[]) =>
    [...new Set(kept.map((row) => JSON.stringify(keyOf(row))))].map((key) => ({
      key: JSON.parse(key) as string[],
      rows: kept.filter((row) => JSON.stringify(keyOf(row)) === key),
    }));
  const landings = rows.filter((row) => row.landing);
  return sortedTotals({
    pages: groups(rows, (row) => [row.path]).map(({ key: [path], rows: kept }) => ({
      path: path!,
      visits: sumOf(kept),
      landings: sumOf(kept.filter((row) => row.landing)),
    })),
    campaigns: groups(
      landings.filter((row) => row.source || row.medium || row.campaign),
      (row) => [row.source, row.medium, row.campaign],
    ).map(({ key: [source, medium, campaign], rows: kept }) => ({
      key: campaignKey(source!, medium!, campaign!),
      source: source!,
      medium: medium!,
      campaign: campaign!,
      visits: sumOf(kept),
    })),
    referrers: groups(
      landings.filter((row) => row.referrer),
      (row) => [row.referrer],
    ).map(({ key: [host], rows: kept }) => ({ key: referrerKey(host!), host: host!, visits: sumOf(kept) })),
  });
}
