import type { BlockList } from 'node:net';
import { indiaDate } from '../../src/shared/indiaTime';
import type { Clock } from '../clock';
import { clientAddress } from '../http/clientAddress';
import type { SiteService } from '../site/siteService';
import type { VisitCounter } from './visitCounter';

/** A beacon is a handful of short fields. */
export const MAX_BEACON_BYTES = 1024;
export const BEACON_TOO_LARGE = 'A visit is at most 1 KB.';
/** Crawlers, link previews, monitors and scripted browsers: not people. */
const BOT =
  /bot|crawl|spider|slurp|facebookexternalhit|whatsapp|preview|headless|lighthouse|pingdom|uptime|python|curl|wget|httpclient|java\//i;
const UTM_VALUE = /^[^<>\p{Cc}]{1,100}$/u;
const HOST = /^[a-z0-9.-]{1,253}$/;
const LANGUAGE = /^[a-z]{2}$/;

const text = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : '');

export interface BeaconContext {
  site: SiteService;
  clock: Clock;
  counter: VisitCounter;
  /** False once the client has had its page views for the minute (api/visits/beaconLimit.ts). */
  allow: (address: string) => boolean;
  /** The proxies whose X-Forwarded-For names the client (TRUST_PROXY). */
  trustProxy: BlockList | undefined;
}

export type BeaconAnswer = { status: 204 } | { status: 400; message: string };

/**
 * Visits counted without cookies: a beacon is a page view (the page, its language, and for the
 * first page of a visit its campaign and referring site), counted unless the browser asks not
 * to be tracked, is prefetching, or is a robot, or its client has sent its minute's worth.
 * Nothing identifying is kept: no cookie, no address (the per-minute limit counts a keyed hash
 * of it, in memory); the user agent is looked at for robots and forgotten.
 */
export function takeBeacon(
  { site, clock, counter, allow, trustProxy }: BeaconContext,
  header: (name: string) => string | undefined,
  body: string,
  socketAddress: string | undefined,
): BeaconAnswer {
  // Over the limit the answer is the same as for a counted view: a client cannot tell, and a browser has nothing to retry.
  if (!allow(clientAddress(socketAddress ?? 'unknown', header('x-forwarded-for'), trustProxy))) return { status: 204 };
  const unwanted =
    header('dnt') === '1' ||
    header('sec-gpc') === '1' ||
    /prefetch|prerender/i.test(`${header('sec-purpose') ?? ''} ${header('purpose') ?? ''} ${header('x-moz') ?? ''}`) ||
    BOT.test(header('user-agent') ?? '');
  if (unwanted) return { status: 204 };
  let beacon: Record<string, unknown>;
  try {
    beacon = JSON.parse(body) as Record<string, unknown>;
    if (!beacon || typeof beacon !== 'object') throw new Error('not an object');
  } catch {
    return { status: 400, message: 'A visit is JSON: {"p": "/page", "l": "en"}.' };
  }
  const path = typeof beacon['p'] === 'string' ? beacon['p'] : '';
  const language = text(beacon['l'], LANGUAGE);
  // Only the site's own pages are counted, so made-up addresses cannot fill the store.
  if (!site.content.routes.has(path) || !language) return { status: 400, message: 'This is not a page of the site.' };
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
  return { status: 204 };
}
