import { mergeCounts, type VisitCaps, type VisitCount, type VisitKey } from './VisitStore';

/** What an origin the day has no room for is counted as. */
export const OTHER_ORIGIN = '(other)';

const hasOrigin = (key: VisitKey) => Boolean(key.source || key.medium || key.campaign || key.referrer);
/** Already "(other)": there is one such row per page at most, so the site's pages bound them, not the caps. */
const isFolded = (key: VisitKey) => key.source === OTHER_ORIGIN || key.referrer === OTHER_ORIGIN;
const originOf = (key: VisitKey) => [key.source, key.medium, key.campaign, key.referrer].join('\u0001');

/** A campaign (utm_campaign) or a source (utm_source) the owners listed, in lower case. */
export const isExpected = (key: Pick<VisitKey, 'source' | 'campaign'>, expected: ReadonlySet<string>): boolean =>
  expected.has(key.campaign.toLowerCase()) || expected.has(key.source.toLowerCase());

/** The same count with its origin as "(other)", keeping whether it came with a campaign, a referring site or both. */
export function foldOrigin<K extends VisitKey>(key: K): K {
  const campaign = Boolean(key.source || key.medium || key.campaign);
  return { ...key, source: campaign ? OTHER_ORIGIN : '', medium: '', campaign: '', referrer: key.referrer ? OTHER_ORIGIN : '' };
}

/**
 * The room one day has for origins and for rows of a page and an origin, in two pools: origins
 * the owners expect, and the rest. An origin or row the day holds already is always counted as
 * itself; a new one only while its pool is under both caps. Made-up campaigns therefore fill
 * only their own pool, and an expected campaign is counted as itself whatever else arrives.
 */
export class DayRoom {
  private readonly origins = [new Set<string>(), new Set<string>()];
  private readonly rows = [new Set<string>(), new Set<string>()];

  /** `held`: the keys the day has already, which take their room whatever the caps. */
  constructor(
    private readonly caps: VisitCaps,
    private readonly expected: ReadonlySet<string>,
    held: Iterable<VisitKey> = [],
  ) {
    for (const key of held) if (hasOrigin(key) && !isFolded(key)) this.take(key, true);
  }

  /** `key` as it may be counted: itself, or with its origin as "(other)" when its pool is full. */
  admit<K extends VisitKey>(key: K): K {
    if (!hasOrigin(key) || isFolded(key)) return key;
    return this.take(key, false) ? key : foldOrigin(key);
  }

  private take(key: VisitKey, held: boolean): boolean {
    const pool = isExpected(key, this.expected) ? 1 : 0;
    const origins = this.origins[pool]!;
    const rows = this.rows[pool]!;
    const origin = originOf(key);
    const row = `${key.path}\u0001${key.landing ? 1 : 0}\u0001${origin}`;
    if (rows.has(row)) return true;
    const newOrigin = !origins.has(origin);
    if (!held && (rows.size >= this.caps.rowsPerDay || (newOrigin && origins.size >= this.caps.originsPerDay))) return false;
    origins.add(origin);
    rows.add(row);
    return true;
  }
}

/** A day's batch as it may be added to what the day holds: each count admitted or folded, then added up by key. */
export function withinCaps(batch: readonly VisitCount[], room: DayRoom): VisitCount[] {
  return [...mergeCounts(batch.map((count) => room.admit(count))).values()];
}
