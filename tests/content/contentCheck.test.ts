import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { countErrors, formatReport } from '../../src/content/formatProblems';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const CHECK = path.join(ROOT, 'src/content/check.ts');
const BASE = path.join(import.meta.dirname, 'base');
const BROKEN = path.join(import.meta.dirname, 'broken');
const STYLE = path.join(import.meta.dirname, 'style');
const temporary: string[] = [];
// The fixtures' dates are fixed, so the checks that depend on age run against a fixed day too.
const FIXTURE_TODAY = new Date('2026-11-22T00:00:00Z');

/** A throwaway project folder holding a small valid site plus the given files. */
function siteWith(extraFiles: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-check-'));
  temporary.push(dir);
  mkdirSync(path.join(dir, 'pages-data', 'images'), { recursive: true });
  cpSync(BASE, path.join(dir, 'pages-data'), { recursive: true });
  // The real house style, so the fixtures below check the rules the site is held to.
  cpSync(path.join(ROOT, 'pages-data/_housestyle.yaml'), path.join(dir, 'pages-data/_housestyle.yaml'));
  // And the real interface words, which every site needs.
  cpSync(path.join(ROOT, 'pages-data/_ui.yaml'), path.join(dir, 'pages-data/_ui.yaml'));
  for (const [name, text] of Object.entries(extraFiles)) writeFileSync(path.join(dir, 'pages-data', name), text);
  return dir;
}

/** The report the CLI would print for that site, made in this process (the CLI itself is run below). */
function reportFor(extraFiles: Record<string, string>, today = FIXTURE_TODAY): { errors: number; output: string } {
  const dir = siteWith(extraFiles);
  const content = checkContent(diskFolder(path.join(dir, 'pages-data'), 'pages-data'), { today });
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

describe('npm run check:content on house-style breaches', () => {
  const text = readFileSync(path.join(STYLE, 'breaches.yaml'), 'utf8');
  const style = parseYaml(readFileSync(path.join(ROOT, 'pages-data/_housestyle.yaml'), 'utf8')) as {
    patterns: { id: string; message: string }[];
    bannerTitles: { message: string };
    faqHeading: { message: string };
  };
  const ruleMessage = (rule: string) =>
    rule === 'title'
      ? style.bannerTitles.message
      : rule === 'faq'
        ? style.faqHeading.message
        : style.patterns.find((p) => p.id === rule)!.message;
  /** Where a piece of the fixture starts, counted the way editors count: lines and columns from 1. */
  const positionOf = (fragment: string) => {
    const index = text.indexOf(fragment);
    expect(index, `fragment ${fragment}`).toBeGreaterThan(-1);
    expect(text.indexOf(fragment, index + 1), `fragment ${fragment} must be unique`).toBe(-1);
    const before = text.slice(0, index).split('\n');
    return `${before.length}:${before.at(-1)!.length + 1}`;
  };
  const breaches: [fragment: string, rule: string][] = [
    ['loans for the', 'title'],
    ['food Industry', 'title'],
    ['Rs. 10', 'rupee-sign'],
    ['50,000 rupees', 'rupees-word'],
    ['INR 5', 'inr'],
    ['9 percent', 'percent-word'],
    ['9 %', 'percent-space'],
    ['25 lacs', 'lakh-spelling'],
    ['2 crores', 'crore-plural'],
    ['million', 'million-billion'],
    ['1,000,000', 'western-grouping'],
    ['license.', 'licence-noun'],
    ['Common Questions', 'faq'],
  ];

  test('each breach is one warning at its exact line and column, and the check still passes', () => {
    const { errors, output } = reportFor({ 'breaches.yaml': text });
    expect(errors).toBe(0);
    const warnings = output.split('\n').filter((line) => line.startsWith('pages-data/breaches.yaml:'));
    expect(warnings.map((line) => line.split(/\s+/)[0])).toEqual(
      breaches.map(([fragment]) => `pages-data/breaches.yaml:${positionOf(fragment)}`),
    );
    breaches.forEach(([, rule], index) => {
      expect(warnings[index]).toContain('  warning: ');
      expect(warnings[index]).toContain(ruleMessage(rule));
    });
  });

  test('license as a verb, licensing and licence are not breaches', () => {
    const { output } = reportFor({ 'breaches.yaml': text });
    for (const fragment of ['license my brand', 'license it to me', 'licensing is', 'trade licence stays']) {
      expect(output).not.toContain(`breaches.yaml:${positionOf(fragment).split(':')[0]}:`);
    }
  });
});

describe('npm run check:content on valid content', () => {
  test('the small valid site passes with exit status 0', async () => {
    const { code, output } = await checkSite({});
    expect(code).toBe(0);
    expect(output).toContain('Content check passed: 4 pages and the site file');
    expect(reportFor({}).output.trim()).toBe('Content check passed: 4 pages and the site file.');
  }, 30_000);

  test('a page whose facts were checked more than 12 months ago gets a warning at its review date, not an error', () => {
    const about = readFileSync(path.join(BASE, 'about.yaml'), 'utf8');
    const stale = about.replace('updated: 2026-11-01', 'updated: 2026-11-01\nreviewed: 2025-11-21');
    const { errors, output } = reportFor({ 'about.yaml': stale });
    expect(errors).toBe(0);
    expect(output).toContain(
      'pages-data/about.yaml:5:11  reviewed  warning: was more than 12 months ago; check the figures on this page and update the date',
    );
    const fresh = about.replace('updated: 2026-11-01', 'updated: 2020-01-15\nreviewed: 2025-11-22');
    expect(reportFor({ 'about.yaml': fresh }).output).not.toContain('warning');
  });

  test('a page nobody has reviewed gets a warning once its text is more than 12 months old', () => {
    const about = readFileSync(path.join(BASE, 'about.yaml'), 'utf8');
    const { errors, output } = reportFor({ 'about.yaml': about.replace('updated: 2026-11-01', 'updated: 2025-11-21') });
    expect(errors).toBe(0);
    expect(output).toContain(
      'pages-data/about.yaml:4:10  updated  warning: was more than 12 months ago and nobody at the firm has checked the page since; check its figures and set reviewed',
    );
  });

  test('a page that states a figure and lists no sources gets a warning at the figure; a source checked more than 12 months ago gets one at its date', () => {
    const about = readFileSync(path.join(BASE, 'about.yaml'), 'utf8');
    const figure = `${about}  - type: text\n    paragraphs:\n      - >-\n        The scheme gives a subsidy of\n        15% of the project cost.\n`;
    const unsourced = reportFor({ 'about.yaml': figure });
    expect(unsourced.errors).toBe(0);
    expect(unsourced.output).toContain(
      'pages-data/about.yaml:12:9  blocks[1].paragraphs[0]  warning: states a figure or a date (“15%”) but the page lists no sources; add sources: where it comes from and the day you checked it there',
    );
    // The firm's own story ("we started in 2019") and a duration are not a rule's figure.
    const story = `${about}  - type: text\n    paragraphs: [We started in 2019 and keep 6 to 12 months of statements.]\n`;
    expect(reportFor({ 'about.yaml': story }).output).not.toContain('warning');

    const source = (checked: string) =>
      `sources:\n  - title: The scheme's guidelines\n    publisher: A ministry\n    url: https://example.gov.in\n    checked: ${checked}\n`;
    expect(reportFor({ 'about.yaml': `${figure}${source('2025-11-22')}` }).output).not.toContain('warning');
    const stale = reportFor({ 'about.yaml': `${figure}${source('2025-11-21')}` });
    expect(stale.errors).toBe(0);
    expect(stale.output).toContain(
      'pages-data/about.yaml:17:14  sources[0].checked  warning: was more than 12 months ago; check this source again and update the date',
    );
  });

  test("the site's own pages-data passes with no house-style warning, and names each sample detail still in it", async () => {
    const { stdout } = await run(TSX, [CHECK], { cwd: ROOT });
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(
      /^Content check passed: \d+ pages and the site file in English, मराठी and हिंदी(\.|, with \d+ warnings?\.)$/,
    );
    const site = parseYaml(readFileSync(path.join(ROOT, 'pages-data/_site.yaml'), 'utf8')) as { sample?: string[] };
    const warnings = lines.filter((line) => / {2}warning: /.test(line));
    const sampleWarnings = warnings.filter((line) => line.includes('is a sample value'));
    expect(sampleWarnings.map((line) => line.split(/\s+/)[1])).toEqual(site.sample ?? []);
    expect(warnings.filter((line) => !sampleWarnings.includes(line))).toEqual([]);
  }, 30_000);
});

test('a fees table that says lenders pay the firm, with no lender named and none marked a sample, is a warning at the lenders', () => {
  const site = readFileSync(path.join(BASE, '_site.yaml'), 'utf8');
  const paying = site.replace('loans: { lenderPays: false }', 'loans: { lenderPays: true }');
  const empty = paying.replace('nav:\n', 'lenders: []\nnav:\n');
  const line = empty.split('\n').indexOf('lenders: []') + 1;
  const { errors, output } = reportFor({ '_site.yaml': empty });
  expect(errors).toBe(0);
  expect(output).toContain(
    `pages-data/_site.yaml:${line}:10  lenders  warning: names no lender, while fees.loans.lenderPays tells visitors`,
  );
  // Named lenders, a list still marked as a sample, or lenders that do not pay: nothing to say.
  const named = paying.replace('nav:\n', 'lenders:\n  - { name: Bank of Maharashtra, kind: bank }\nnav:\n');
  expect(reportFor({ '_site.yaml': named }).output).not.toContain('names no lender');
  expect(reportFor({ '_site.yaml': `sample: [lenders]\n${empty}` }).output).not.toContain('names no lender');
  expect(reportFor({ '_site.yaml': site.replace('nav:\n', 'lenders: []\nnav:\n') }).output).not.toContain('names no lender');
});

test("the acknowledgement's subject may carry the firm's name but not the enquirer's", () => {
  const words = readFileSync(path.join(ROOT, 'pages-data/_ui.yaml'), 'utf8');
  const withName = words.replace(/(acknowledgement:\n {2}subject: ).*/, '$1"We have your enquiry, {name}"');
  const line = withName.split('\n').findIndex((text) => text.includes('{name}"')) + 1;
  const { errors, output } = reportFor({ '_ui.yaml': withName });
  expect(errors).toBe(1);
  expect(output).toContain(
    `pages-data/_ui.yaml:${line}:12  acknowledgement.subject  may name the firm with {firm} but nothing else in braces: the enquirer's name or words never go in a subject, which an inbox shows unopened`,
  );
  expect(reportFor({ '_ui.yaml': words }).errors).toBe(0);
});

test("the daily list's subject may carry the day and the firm's name but not an enquirer's", () => {
  const words = readFileSync(path.join(ROOT, 'pages-data/_ui.yaml'), 'utf8');
  const withName = words.replace(/(dailyList:\n {2}subject: ).*/, '$1"{name} and others wait for you"');
  const line = withName.split('\n').findIndex((text) => text.includes('{name} and others')) + 1;
  const { errors, output } = reportFor({ '_ui.yaml': withName });
  expect(errors).toBe(1);
  expect(output).toContain(
    `pages-data/_ui.yaml:${line}:12  dailyList.subject  may give the day with {date} and the firm with {firm}, and nothing else in braces`,
  );
});
