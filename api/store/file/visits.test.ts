import { appendFileSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { removeDir, tempDataDir } from '../../../tests/helpers/server';
import { sortedTotals, totalsOfRows } from '../../../tests/helpers/storeFixtures';
import type { VisitCount } from '../VisitStore';
import { campaignKey, referrerKey } from '../visitTotals';
import { FileStore } from './FileStore';

const dirs: string[] = [];
const stores: FileStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  dirs.splice(0).forEach(removeDir);
});

async function opened(dir = tempDataDir('visit-file-')) {
  if (!dirs.includes(dir)) dirs.push(dir);
  const store = await FileStore.open(dir);
  stores.push(store);
  return store;
}

async function closed(store: FileStore) {
  await store.close();
  stores.splice(stores.indexOf(store), 1);
}

const landing = (day: string, path: string, count: number, campaign: string): VisitCount => ({
  day,
  path,
  landing: true,
  source: 'google',
  medium: 'cpc',
  campaign,
  referrer: 'www.google.com',
  count,
});
const view = (day: string, path: string, count: number): VisitCount => ({
  ...landing(day, path, count, ''),
  landing: false,
  source: '',
  medium: '',
  referrer: '',
});

/** Counts over two months, each day written as the counter would: a batch a day, then a later day that closes it. */
async function twoMonths(store: FileStore) {
  for (const [at, day] of ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03'].entries())
    await store.visits.add([view(day, '/', 10 + at), landing(day, '/homeloan', 1 + at, `diwali-${at % 2}`)]);
  // A batch of a day already over, and today's second batch.
  await store.visits.add([landing('2026-11-01', '/pmegp', 4, 'diwali-0'), landing('2026-11-03', '/homeloan', 2, 'diwali-1')]);
}

const RANGES = [
  ['2026-10-01', '2026-11-30'],
  ['2026-10-31', '2026-11-02'],
  ['2026-11-03', '2026-11-03'],
] as const;
const shown = (store: FileStore) => Promise.all(RANGES.map(async ([from, to]) => sortedTotals(await store.visits.totals(from, to))));
const fromRows = (store: FileStore) => Promise.all(RANGES.map(async ([from, to]) => totalsOfRows(await store.visits.counts(from, to))));
const totalsFiles = (dir: string) => readdirSync(path.join(dir, 'visits')).filter((name) => name.endsWith('.totals.jsonl'));
const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
/** A totals file's figures lines (its other lines are names). */
const figuresOf = (file: string) => linesOf(file).filter((line) => line.startsWith('{'));

test('each line of a month’s file has its totals beside it, its names first, and the dashboard reads them', async () => {
  const dir = tempDataDir('visit-file-');
  const store = await opened(dir);
  await twoMonths(store);
  const visits = path.join(dir, 'visits');
  expect(totalsFiles(dir).sort()).toEqual(['2026-10.totals.jsonl', '2026-11.totals.jsonl']);
  expect(figuresOf(path.join(visits, '2026-11.totals.jsonl'))).toHaveLength(linesOf(path.join(visits, '2026-11.jsonl')).length);
  const diwali = campaignKey('google', 'cpc', 'diwali-1');
  const google = referrerKey('www.google.com');
  expect(
    linesOf(path.join(visits, '2026-10.totals.jsonl'))
      .slice(-3)
      .map((line) => JSON.parse(line) as unknown),
  ).toEqual([
    [diwali, 'campaign', 'google', 'cpc', 'diwali-1'],
    [google, 'referrer', 'www.google.com'],
    {
      day: '2026-10-31',
      through: readFileSync(path.join(visits, '2026-10.jsonl')).length,
      pages: [
        ['/', 11, 0],
        ['/homeloan', 2, 2],
      ],
      campaigns: [[diwali, 2]],
      referrers: [[google, 2]],
    },
  ]);
  expect(await shown(store)).toEqual(await fromRows(store));
});

test('a month written before totals were kept gets them at its first read; totals behind, ahead of or torn from their month are made again', async () => {
  const dir = tempDataDir('visit-file-');
  const first = await opened(dir);
  await twoMonths(first);
  const expected = await fromRows(first);
  await closed(first);
  const visits = path.join(dir, 'visits');
  const october = path.join(visits, '2026-10.totals.jsonl');
  const november = path.join(visits, '2026-11.totals.jsonl');
  const kept = [readFileSync(october, 'utf8'), readFileSync(november, 'utf8')];

  // As an older version left it: no totals at all.
  totalsFiles(dir).forEach((name) => rmSync(path.join(visits, name)));
  let store = await opened(dir);
  expect(await shown(store)).toEqual(expected);
  expect([readFileSync(october, 'utf8'), readFileSync(november, 'utf8')]).toEqual(kept);
  await closed(store);

  // As the first version of totals left them, names inside the figures and no name lines: made again whole.
  const older = (line: string) => {
    const figures = JSON.parse(line) as { campaigns: [string, number][]; referrers: [string, number][] };
    return JSON.stringify({
      ...figures,
      campaigns: figures.campaigns.map(([key, visits]) => [key, 'google', 'cpc', 'diwali', visits]),
      referrers: figures.referrers.map(([key, visits]) => [key, 'www.google.com', visits]),
    });
  };
  writeFileSync(november, figuresOf(november).map(older).join('\n') + '\n');
  store = await opened(dir);
  expect(await shown(store)).toEqual(expected);
  expect(readFileSync(november, 'utf8')).toBe(kept[1]);
  await closed(store);

  // A crash between a day's line and its totals: the last line has none; and a torn line, cut at the next start.
  const lines = linesOf(november);
  const secondLast = lines.findLastIndex((line, at) => line.startsWith('{') && at < lines.length - 1);
  writeFileSync(november, lines.slice(0, secondLast + 1).join('\n') + '\n');
  appendFileSync(november, '{"day":"2026-11-02","thro');
  store = await opened(dir);
  expect(await shown(store)).toEqual(expected);
  expect(readFileSync(november, 'utf8')).toBe(kept[1]);
  await closed(store);

  // Totals of more than the month holds (its file restored from elsewhere, or cut): made again whole.
  truncateSync(path.join(visits, '2026-10.jsonl'), linesOf(path.join(visits, '2026-10.jsonl'))[0]!.length + 1);
  store = await opened(dir);
  const october30 = await store.visits.counts('2026-10-01', '2026-10-31');
  expect(october30.every((count) => count.day === '2026-10-30')).toBe(true);
  expect(sortedTotals(await store.visits.totals('2026-10-01', '2026-10-31'))).toEqual(totalsOfRows(october30));
  expect(figuresOf(october)).toHaveLength(1);
});

test('the retention sweep removes a month’s totals with its counts', async () => {
  const dir = tempDataDir('visit-file-');
  const store = await opened(dir);
  await twoMonths(store);
  await store.visits.deleteMonthsBefore('2026-11');
  expect(totalsFiles(dir)).toEqual(['2026-11.totals.jsonl']);
  expect(readdirSync(path.join(dir, 'visits')).some((name) => name.startsWith('2026-10'))).toBe(false);
});
