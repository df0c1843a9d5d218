import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import { countErrors, formatReport } from '../../src/content/formatProblems';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const CHECK = path.join(ROOT, 'src/content/check.ts');
const BASE = path.join(import.meta.dirname, 'base');
const BROKEN = path.join(import.meta.dirname, 'broken');
const temporary: string[] = [];

/** A throwaway project folder holding a small valid site plus the given files. */
function siteWith(extraFiles: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-check-'));
  temporary.push(dir);
  mkdirSync(path.join(dir, 'pages-data', 'images'), { recursive: true });
  cpSync(BASE, path.join(dir, 'pages-data'), { recursive: true });
  for (const [name, text] of Object.entries(extraFiles)) writeFileSync(path.join(dir, 'pages-data', name), text);
  return dir;
}

/** The report the CLI would print for that site, made in this process (the CLI itself is run below). */
function reportFor(extraFiles: Record<string, string>): { errors: number; output: string } {
  const dir = siteWith(extraFiles);
  const content = checkContent(path.join(dir, 'pages-data'), { relativeTo: dir });
  return { errors: countErrors(content), output: formatReport(content) };
}

/** The real CLI on such a site, with its exit status. */
async function checkSite(extraFiles: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = siteWith(extraFiles);
  try {
    const { stdout, stderr } = await run(TSX, [CHECK], { cwd: dir });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('npm run check:content on broken YAML', () => {
  const fixtures = readdirSync(BROKEN).filter((name) => name.endsWith('.yaml'));

  test('has at least 12 fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
  });

  test.each(fixtures)('%s is reported at its exact line and column', (name) => {
    const text = readFileSync(path.join(BROKEN, name), 'utf8');
    const expected = /^# expect: (.+)$/m.exec(text)?.[1];
    expect(expected, `${name} must start with "# expect: file:line:col  path  message"`).toBeDefined();
    const { errors, output } = reportFor({ [name]: text });
    expect(errors).toBeGreaterThan(0);
    const lines = output.split('\n');
    expect(lines).toContain(expected);
    // Every reported error belongs to the broken file: the valid site around it stays clean.
    const errorLines = lines.filter((line) => /^pages-data\/\S+:\d+:\d+ {2}/.test(line));
    expect(errorLines.every((line) => line.startsWith(`pages-data/${name}:`))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Content check failed: \d+ errors?\. Nothing is built until it is fixed\.$/);
  });

  test('the CLI prints that report and exits with status 1', async () => {
    const text = readFileSync(path.join(BROKEN, 'wrong-type.yaml'), 'utf8');
    const { code, output } = await checkSite({ 'wrong-type.yaml': text });
    expect(code).toBe(1);
    expect(output.trim()).toBe(reportFor({ 'wrong-type.yaml': text }).output);
  }, 30_000);
});

describe('npm run check:content on valid content', () => {
  test('the small valid site passes with exit status 0', async () => {
    const { code, output } = await checkSite({});
    expect(code).toBe(0);
    expect(output).toContain('Content check passed: 4 pages and the site file.');
  }, 30_000);

  test('a page not reviewed for more than 12 months gets a warning, not an error', async () => {
    const stale = readFileSync(path.join(BASE, 'about.yaml'), 'utf8').replace('reviewed: 2026-11-01', 'reviewed: 2020-01-15');
    const { code, output } = await checkSite({ 'about.yaml': stale });
    expect(code).toBe(0);
    expect(output).toContain(
      'pages-data/about.yaml:4:11  reviewed  warning: was more than 12 months ago; check the figures on this page and update the date',
    );
  }, 30_000);

  test("the site's own pages-data passes with no warning", async () => {
    const { stdout } = await run(TSX, [CHECK], { cwd: ROOT });
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^Content check passed: \d+ pages and the site file\.$/);
    expect(stdout).not.toContain('warning');
  }, 30_000);
});
