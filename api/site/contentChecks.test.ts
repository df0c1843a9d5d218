import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { errorsOf } from './liveContent';
import { pageText, useSmallPagesDir } from '../../tests/helpers/smallContent';
import { removeDir, tempDataDir } from '../../tests/helpers/server';
import { diskFolder } from '../../src/content/contentFolder';
import { CheckTookTooLong, LocalChecks, WorkerChecks, type ContentChecks } from './contentChecks';

const pagesDir = useSmallPagesDir();
const opened: { checks?: ContentChecks; dir?: string }[] = [];
afterEach(async () => {
  for (const { checks, dir } of opened.splice(0)) {
    await checks?.stop();
    if (dir) removeDir(dir);
  }
});

const BROKEN = new Map([['about.yaml', pageText('About the Firm', { link: '/gone' })]]);
const RENAMED = new Map([['about.yaml', pageText('About the Firm', { link: '/contactus' })]]);
const titleOf = (summary: { pages: { file: string; title: string }[] }, file: string) =>
  summary.pages.find((page) => page.file === file)?.title;

function localChecks(cache?: { file: string; version: string }) {
  const checks = new LocalChecks(diskFolder(pagesDir()), cache);
  opened.push({ checks });
  return checks;
}

describe('the check in this thread', () => {
  test('answers for the base with changes over it, without keeping them; applied changes become the base', async () => {
    const checks = localChecks();
    expect(errorsOf((await checks.check(new Map())).problems)).toEqual([]);
    expect(errorsOf((await checks.check(BROKEN)).problems)).toEqual([
      expect.objectContaining({ file: 'about.yaml', message: expect.stringContaining('/gone') as string }),
    ]);
    expect(titleOf(await checks.check(new Map()), 'about.yaml')).toBe('About Us');
    await checks.apply(RENAMED);
    expect(titleOf(await checks.check(new Map()), 'about.yaml')).toBe('About the Firm');
    // Starting over: the deploy with the overlay given, and nothing applied before.
    await checks.reset(new Map([['contactus.yaml', pageText('Write to Us')]]));
    const summary = await checks.check(new Map());
    expect(titleOf(summary, 'about.yaml')).toBe('About Us');
    expect(titleOf(summary, 'contactus.yaml')).toBe('Write to Us');
  });

  test('keeps what it learnt in its cache file for the same version only, never after an editor’s check alone', async () => {
    const dir = tempDataDir('check-cache-');
    opened.push({ dir });
    const file = path.join(dir, 'cache.json');
    /** The keys of what the cache file holds. */
    const learnt = () => (JSON.parse(readFileSync(file, 'utf8')) as { learnt: [string, unknown][] }).learnt.map(([key]) => key);
    const first = localChecks({ file, version: 'a' });
    await first.reset(new Map());
    await first.check(new Map(), { limited: true });
    expect(existsSync(file)).toBe(false);
    await first.check(new Map());
    const kept = learnt();
    const saved = readFileSync(file, 'utf8');
    expect(kept.length).toBeGreaterThan(0);
    // Another build's cache is not read: it stops with nothing learnt.
    await new LocalChecks(diskFolder(pagesDir()), { file, version: 'b' }).stop();
    expect(learnt()).toEqual([]);
    writeFileSync(file, saved);
    await new LocalChecks(diskFolder(pagesDir()), { file, version: 'a' }).stop();
    expect(learnt()).toEqual(kept);
    // A cache that cannot be read costs time, not the check.
    writeFileSync(file, '{ not json');
    expect(errorsOf((await localChecks({ file, version: 'a' }).check(new Map())).problems)).toEqual([]);
  });
});

/** The check's thread as the server starts it, its TypeScript run through tsx as the built server runs the compiled file. */
function workerChecks(limitMs: number, log: (fields: Record<string, unknown>) => void = () => {}) {
  const dir = tempDataDir('check-worker-');
  const script = path.join(dir, 'worker.mjs');
  writeFileSync(
    script,
    [
      `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};`,
      'register();',
      `await import(${JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, 'contentCheckWorker.ts')).href)});`,
    ].join('\n'),
  );
  const checks = new WorkerChecks({ script, pagesDir: pagesDir(), limitMs, log });
  opened.push({ checks, dir });
  return checks;
}

// One thread for both: each start of one compiles the code and the schemas, seconds on a shared machine.
test('the check in its own thread answers as here; an editor’s check past the limit is stopped, and the thread starts again from the same base', async () => {
  const logged: Record<string, unknown>[] = [];
  // 1 ms: the thread's first check compiles the schemas, which takes far longer.
  const checks = workerChecks(1, (fields) => logged.push(fields));
  await checks.reset(RENAMED);
  await expect(checks.check(new Map(), { limited: true })).rejects.toThrow(CheckTookTooLong);
  expect(logged).toContainEqual(expect.objectContaining({ level: 'warn' }));
  // The server's own checks have no limit, and see the base as it was: the overlay, with changes over it.
  expect(titleOf(await checks.check(new Map()), 'about.yaml')).toBe('About the Firm');
  expect(errorsOf((await checks.check(BROKEN)).problems)).toEqual([
    expect.objectContaining({ file: 'about.yaml', message: expect.stringContaining('/gone') as string }),
  ]);
  await checks.apply(new Map([['contactus.yaml', pageText('Write to Us')]]));
  const summary = await checks.check(new Map());
  expect([titleOf(summary, 'about.yaml'), titleOf(summary, 'contactus.yaml')]).toEqual(['About the Firm', 'Write to Us']);
});
