import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { manualClock } from '../../tests/helpers/manualClock';
import { FileStore } from '../store/file/FileStore';
import type { VisitKey } from '../store/VisitStore';
import { MAX_ORIGINS_PER_DAY, OTHER_ORIGIN, startVisitCounter } from './visitCounter';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function counting() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'visit-counter-'));
  dirs.push(dir);
  const clock = manualClock();
  const store = await FileStore.open(dir, clock);
  const logged: Record<string, unknown>[] = [];
  const counter = startVisitCounter({ store, clock, flushMs: 5000, log: (fields) => logged.push(fields) });
  /** What the month's file on disk says, not what the store holds in memory. */
  const onDisk = () => JSON.parse(readFileSync(path.join(dir, 'visits/2026-11.json'), 'utf8')) as (VisitKey & { count: number })[];
  return { dir, clock, counter, logged, onDisk };
}

const landing = (campaign: string, referrer = ''): VisitKey => ({
  day: '2026-11-24',
  path: '/homeloan',
  landing: true,
  source: 'facebook',
  medium: 'social',
  campaign,
  referrer,
});

test('a burst is written at the next tick, as one count per page and origin', async () => {
  const { clock, counter, onDisk } = await counting();
  for (let view = 0; view < 50; view++) counter.count(landing('diwali'));
  await clock.advance(5000);
  expect(onDisk()).toEqual([{ ...landing('diwali'), count: 50 }]);
});

test('past the day’s limit of origins, new ones are counted together as "(other)", and those already seen as themselves', async () => {
  const { counter, onDisk } = await counting();
  for (let at = 0; at < MAX_ORIGINS_PER_DAY; at++) counter.count(landing(`made-up-${at}`));
  counter.count(landing('one-too-many'));
  counter.count(landing('', 'spam.example'));
  counter.count(landing('made-up-7'));
  await counter.flush();

  const written = onDisk();
  expect(written).toHaveLength(MAX_ORIGINS_PER_DAY + 2);
  expect(written.find((count) => count.campaign === 'made-up-7')?.count).toBe(2);
  expect(written.some((count) => count.campaign === 'one-too-many' || count.referrer === 'spam.example')).toBe(false);
  expect(written.filter((count) => count.source === OTHER_ORIGIN || count.referrer === OTHER_ORIGIN)).toEqual([
    { ...landing(''), source: OTHER_ORIGIN, medium: '', count: 1 },
    { ...landing(''), source: OTHER_ORIGIN, medium: '', referrer: OTHER_ORIGIN, count: 1 },
  ]);
});

test('a write that fails keeps its counts, and the next one writes them once, not twice', async () => {
  const { dir, counter, logged, onDisk } = await counting();
  counter.count(landing('diwali'));
  counter.count(landing('diwali'));
  // The month's file cannot be replaced while a folder stands in its place.
  const blocker = path.join(dir, 'visits/2026-11.json');
  mkdirSync(blocker);
  await counter.flush();
  expect(logged).toEqual([
    expect.objectContaining({ level: 'error', msg: 'could not write visit counts; they are kept for the next try' }),
  ]);

  rmSync(blocker, { recursive: true });
  counter.count(landing('diwali'));
  await counter.flush();
  expect(onDisk()).toEqual([{ ...landing('diwali'), count: 3 }]);
  await counter.stop();
});
