import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A test that waits a fixed time is slow when the machine is quiet and flaky when it is busy: it waits on
// what it expects instead (expect.poll, a log line of the server), or moves a clock (tests/helpers/manualClock.ts
// in process, tests/helpers/serverClock.ts for the built server, page.clock in the browser).
const ROOT = join(import.meta.dirname, '../..');
const LIMIT_MS = 1000;

/** A duration as the code writes it: 4000, 4_000, 1.5e3 or 4 * 1000. */
const DURATION = String.raw`(\d[\d_]*(?:\.\d+)?(?:e\d+)?(?:\s*\*\s*\d[\d_]*)?)`;
const SLEEPS = [
  // sleep(4000), delay(4_000), wait(3000), and timers/promises' setTimeout(3000) by any of those names
  new RegExp(String.raw`\b(?:sleep|delay|wait|setTimeout)\(\s*${DURATION}\s*[,)]`, 'g'),
  // Playwright's page.waitForTimeout(3000)
  new RegExp(String.raw`\bwaitForTimeout\(\s*${DURATION}\s*\)`, 'g'),
  // new Promise((resolve) => setTimeout(resolve, 3000)), setTimeout(() => resolve(x), 3000); not a time limit's reject
  new RegExp(String.raw`\bsetTimeout\(\s*(?:\w*[rR]esolve|r|done|next|\(\)\s*=>\s*\w*[rR]esolve\([^()]*\))\s*,\s*${DURATION}\s*\)`, 'g'),
];

const milliseconds = (literal: string) =>
  literal
    .replaceAll('_', '')
    .split('*')
    .reduce((product, factor) => product * Number(factor.trim()), 1);

/** Each fixed wait of a second or more in `source`, as `line: text`. */
export function fixedSleeps(source: string): string[] {
  const lines = source.split('\n');
  return lines.flatMap((line, index) =>
    SLEEPS.flatMap((pattern) => [...line.matchAll(pattern)])
      .filter((match) => milliseconds(match[1]!) >= LIMIT_MS)
      .map(() => `${index + 1}: ${line.trim()}`),
  );
}

/** The test files, and the helpers they wait through; benchmarks measure over windows of time on purpose. */
function testFiles(): string[] {
  return ['api', 'src', 'tests']
    .flatMap((folder) => readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => /\.test\.tsx?$/.test(file) || file.startsWith('tests/helpers/'))
    .filter((file) => !file.startsWith('tests/bench/') && file !== 'tests/hygiene/noSleeps.test.ts');
}

describe('no test waits a fixed time', () => {
  it('finds the sleeps it looks for, of a second or more, and nothing shorter or else', () => {
    const found = fixedSleeps(
      [
        'await sleep(4_000);',
        'await delay(1000);',
        'await new Promise((resolve) => setTimeout(resolve, 3000)); // three polls',
        'await page.waitForTimeout(1500);',
        'await setTimeout(2 * 1000);',
        'setTimeout(() => resolve(undefined), 1e3);',
        'await new Promise((resolve) => setTimeout(resolve, 50));',
        'await page.waitForTimeout(300);',
        'const timer = setTimeout(() => reject(new Error("no answer")), 60_000);',
        "request.on('error', (error) => setTimeout(() => reject(error), 1000));",
        'await expect.poll(() => count(), { timeout: 15_000 }).toBe(2);',
        'await server.clock.advance(60 * 60_000);',
      ].join('\n'),
    );
    expect(found).toEqual([
      '1: await sleep(4_000);',
      '2: await delay(1000);',
      '3: await new Promise((resolve) => setTimeout(resolve, 3000)); // three polls',
      '4: await page.waitForTimeout(1500);',
      '5: await setTimeout(2 * 1000);',
      '6: setTimeout(() => resolve(undefined), 1e3);',
    ]);
  });

  it('holds for every test file and test helper', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    const sleeps = files.flatMap((file) => fixedSleeps(readFileSync(join(ROOT, file), 'utf8')).map((sleep) => `${file}:${sleep}`));
    expect(sleeps).toEqual([]);
  });
});
