import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { manualClock, type ManualClock } from '../../tests/helpers/manualClock';
import { FileStore } from '../store/file/FileStore';
import { OTHER_ORIGIN } from '../store/visitCaps';
import type { VisitCaps, VisitKey } from '../store/VisitStore';
import { startVisitCounter } from './visitCounter';

const DAY_MS = 86_400_000;
const CAPS: VisitCaps = { originsPerDay: 50, rowsPerDay: 120 };
const dirs: string[] = [];
const stores: FileStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function counting(dir = mkdtempSync(path.join(os.tmpdir(), 'visit-counter-')), clock: ManualClock = manualClock()) {
  dirs.push(dir);
  const store = await FileStore.open(dir, clock);
  stores.push(store);
  const logged: Record<string, unknown>[] = [];
  const counter = startVisitCounter({ store, clock, flushMs: 5000, caps: CAPS, log: (fields) => logged.push(fields) });
  /** What today's file on disk says, not what the store holds in memory. */
  const today = () =>
    JSON.parse(readFileSync(path.join(dir, 'visits/today.json'), 'utf8')) as { day: string; origins: string[][]; counts: unknown[][] };
  const reopen = async () => {
    await counter.stop();
    await store.close();
    stores.splice(stores.indexOf(store), 1);
    return counting(dir, clock);
  };
  return { dir, clock, store, counter, logged, today, reopen };
}

const landing = (campaign: string, referrer = '', path = '/homeloan'): VisitKey => ({
  day: '2026-11-24',
  path,
  landing: true,
  source: 'facebook',
  medium: 'social',
  campaign,
  referrer,
});
const countsOf = (store: FileStore) => store.visits.counts('2026-11-24', '2026-11-24');

test('a burst is written at the next tick, as one count per page and origin, in today’s file', async () => {
  const { clock, counter, today } = await counting();
  for (let view = 0; view < 50; view++) counter.count(landing('diwali'));
  await clock.advance(5000);
  expect(today()).toEqual({ day: '2026-11-24', origins: [['facebook', 'social', 'diwali', '']], counts: [['/homeloan', 1, 0, 50]] });
});

test('past the day’s caps new origins and rows are counted as "(other)", those already seen as themselves, and the caps hold across a restart', async () => {
  const { counter, store, reopen } = await counting();
  for (let at = 0; at < CAPS.originsPerDay + 30; at++) counter.count(landing(`made-up-${at}`));
  counter.count({ ...landing('', 'spam.example'), source: '', medium: '' });
  counter.count(landing('made-up-7'));
  // A known origin on more pages takes rows, up to that cap.
  for (let page = 0; page < CAPS.rowsPerDay; page++) counter.count(landing('made-up-8', '', `/page-${page}`));
  await counter.flush();

  const written = await countsOf(store);
  const real = written.filter((count) => count.source !== OTHER_ORIGIN && count.referrer !== OTHER_ORIGIN);
  expect(real).toHaveLength(CAPS.rowsPerDay);
  expect(new Set(real.map((count) => count.campaign)).size).toBe(CAPS.originsPerDay);
  expect(real.find((count) => count.campaign === 'made-up-7' && count.path === '/homeloan')?.count).toBe(2);
  expect(written.some((count) => count.campaign === `made-up-${CAPS.originsPerDay}` || count.referrer === 'spam.example')).toBe(false);
  const folded = written.filter((count) => count.source === OTHER_ORIGIN || count.referrer === OTHER_ORIGIN);
  expect(folded.filter((count) => count.path === '/homeloan')).toEqual([
    { ...landing(''), source: OTHER_ORIGIN, medium: '', count: 30 },
    { ...landing(''), source: '', medium: '', referrer: OTHER_ORIGIN, count: 1 },
  ]);
  // The rows past the cap: one "(other)" per page at most, so the site's pages bound them.
  expect(folded.filter((count) => count.path !== '/homeloan')).toHaveLength(CAPS.rowsPerDay - (CAPS.rowsPerDay - CAPS.originsPerDay));

  // Restarted, the store still knows what the day holds: nothing new gets in, what was there still counts.
  const after = await reopen();
  after.counter.count(landing('made-up-after-restart'));
  after.counter.count(landing('made-up-7'));
  await after.counter.flush();
  const again = await countsOf(after.store);
  expect(again.filter((count) => count.source !== OTHER_ORIGIN && count.referrer !== OTHER_ORIGIN)).toHaveLength(CAPS.rowsPerDay);
  expect(again.some((count) => count.campaign === 'made-up-after-restart')).toBe(false);
  expect(again.find((count) => count.campaign === 'made-up-7' && count.path === '/homeloan')?.count).toBe(3);
});

test('a campaign the owners expect is still counted as itself after 2,000 made-up ones, on the same day and in the same flush', async () => {
  const { counter, store, clock } = await counting();
  await store.visits.addExpectedCampaign('diwali-home-loans');
  await clock.advance(5000);
  for (let at = 0; at < 2000; at++) counter.count({ ...landing(`junk-${at}`), source: `spam${at}` });
  const real = { ...landing('diwali-home-loans', 'www.google.com'), source: 'google', medium: 'cpc' };
  counter.count(real);
  await counter.flush();
  const written = await countsOf(store);
  expect(written).toContainEqual({ ...real, count: 1 });
  expect(written.filter((count) => count.campaign.startsWith('junk-'))).toHaveLength(CAPS.originsPerDay);
});

test('a flush never rewrites a month’s file: a day is appended once it is over, and the bytes before it stay as they were', async () => {
  const { dir, counter, clock } = await counting();
  const month = path.join(dir, 'visits/2026-11.jsonl');
  const viewOn = (day: string) => counter.count({ ...landing('diwali'), day });
  viewOn('2026-11-24');
  await counter.flush();
  viewOn('2026-11-25');
  await counter.flush();
  const first = readFileSync(month);
  expect(first.toString().split('\n')).toHaveLength(2);
  const written = statSync(month).mtimeMs;
  await clock.advance(DAY_MS / 2);
  for (let flush = 0; flush < 5; flush++) {
    viewOn('2026-11-25');
    await counter.flush();
  }
  expect(statSync(month).mtimeMs).toBe(written);
  viewOn('2026-11-26');
  await counter.flush();
  const second = readFileSync(month);
  expect(second.subarray(0, first.length).equals(first)).toBe(true);
  expect(JSON.parse(second.subarray(first.length).toString())).toMatchObject({
    day: '2026-11-25',
    closed: true,
    counts: [['/homeloan', 1, 0, 6]],
  });
});

test('a write that fails keeps its counts, and the next one writes them once, not twice', async () => {
  const { dir, counter, logged, store } = await counting();
  counter.count(landing('diwali'));
  counter.count(landing('diwali'));
  // Today's file cannot be replaced while a folder stands in its place.
  const blocker = path.join(dir, 'visits/today.json');
  mkdirSync(blocker);
  await counter.flush();
  expect(logged).toEqual([
    expect.objectContaining({ level: 'error', msg: 'could not write visit counts; they are kept for the next try' }),
  ]);

  rmSync(blocker, { recursive: true });
  counter.count(landing('diwali'));
  await counter.flush();
  expect(await countsOf(store)).toEqual([{ ...landing('diwali'), count: 3 }]);
});
