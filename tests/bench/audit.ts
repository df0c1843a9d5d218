import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ALL_PUBLIC_ROUTES } from '../helpers/publicRoutes';
import { ROOT, startServer } from '../helpers/server';
import { machineLine, table, writeSection } from './benchTools';

/**
 * `npm run audit`: Lighthouse (mobile settings, Debian's Chromium via CHROME_PATH) on every
 * public page in every language of the production server, three runs each, the median of each
 * figure per page and the worst page per language; then the wall time of `npm run build` for
 * the real content and for generated sites of up to 1,000 pages. Prints the tables and writes
 * them to BENCHMARKS.md. `npm run audit -- --pages /mr,/hi/pmegp` audits only those pages and
 * prints them, for work on a few (BENCHMARKS.md is left alone). About an hour for every page.
 */
const RUNS = 3;
const GENERATED_SIZES = [250, 500, 1000];
/** The folders of pages-data each generated page is written to: English first, then each translation. */
const LANGUAGES = ['', 'mr', 'hi'];
const chosen = (() => {
  const at = process.argv.indexOf('--pages');
  return at === -1 ? undefined : (process.argv[at + 1] ?? '').split(',').filter(Boolean);
})();

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const languageOf = (page: string) => /^\/(mr|hi)(\/|$)/.exec(page)?.[1] ?? 'en';
const row = (page: string, figures: Figures) => [
  page,
  figures.performance,
  figures.accessibility,
  figures.bestPractices,
  figures.seo,
  `${Math.round(figures.lcp)} ms`,
  `${Math.round(figures.tbt)} ms`,
  figures.cls.toFixed(3),
];
const HEADERS = ['Page', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'LCP', 'TBT', 'CLS'];

async function audit(pages: string[]): Promise<{ all: string; worst: string }> {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const measured: [string, Figures][] = [];
  try {
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(new URL(page, server.url).href, { port: chrome.port, output: 'json', logLevel: 'error' });
        const { categories, audits } = result!.lhr;
        const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcp: audits['largest-contentful-paint']!.numericValue!,
          tbt: audits['total-blocking-time']!.numericValue!,
          cls: audits['cumulative-layout-shift']!.numericValue!,
        });
      }
      const figures = Object.fromEntries(
        (Object.keys(runs[0]!) as (keyof Figures)[]).map((key) => [key, median(runs.map((run) => run[key]))]),
      ) as unknown as Figures;
      measured.push([page, figures]);
      console.log(`audited ${page}: performance ${figures.performance}, LCP ${Math.round(figures.lcp)} ms`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  // The worst page of each language: the lowest performance, then the slowest largest paint.
  const worst = [...new Set(measured.map(([page]) => languageOf(page)))].map((language) => {
    const [page, figures] = measured
      .filter(([candidate]) => languageOf(candidate) === language)
      .sort(([, a], [, b]) => a.performance - b.performance || b.lcp - a.lcp)[0]!;
    return [language, ...row(page, figures)];
  });
  return {
    all: table(
      HEADERS,
      measured.map(([page, figures]) => row(page, figures)),
    ),
    worst: table(['Language', ...HEADERS], worst),
  };
}

/** Wall time of `npm run build` for one pages-data folder, in seconds. */
function timeBuild(pagesDir: string, outDir: string): number {
  const started = performance.now();
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, env: { ...process.env, PAGES_DIR: pagesDir, OUT_DIR: outDir }, stdio: 'ignore' });
  return (performance.now() - started) / 1000;
}

function buildTimes() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'build-time-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  const rows: (string | number)[][] = [];
  try {
    const source = (language: string) => readFileSync(path.join(ROOT, 'pages-data', language, 'clcss.yaml'), 'utf8');
    const realPages = readdirSync(path.join(ROOT, 'pages-data')).filter((file) => /^[a-z0-9].*\.yaml$/.test(file)).length;
    rows.push([
      `the real content (${realPages} pages, each in ${LANGUAGES.length} languages)`,
      timeBuild(path.join(ROOT, 'pages-data'), path.join(work, 'dist-real')).toFixed(1),
    ]);
    for (const size of GENERATED_SIZES) {
      const pagesDir = path.join(work, `pages-${size}`);
      cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
      // Each copy comes with its translations, as a real page would.
      for (let index = 1; index <= size - realPages; index++) {
        for (const language of LANGUAGES) writeFileSync(path.join(pagesDir, language, `generated-${index}.yaml`), source(language));
      }
      const seconds = timeBuild(pagesDir, path.join(work, `dist-${size}`));
      rows.push([`${size} pages, each in ${LANGUAGES.length} languages (copies of clcss.yaml)`, seconds.toFixed(1)]);
      console.log(`built ${size} pages in ${seconds.toFixed(1)} s`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return table(['Content', 'npm run build (s)'], rows);
}

const audited = await audit(chosen ?? ALL_PUBLIC_ROUTES);
console.log(`\nMedian of ${RUNS} runs per page.\n\n${audited.worst}\n\n${audited.all}`);
if (!chosen) {
  const built = buildTimes();
  const stamp = `Measured ${machineLine()}.`;
  console.log(`\n${built}`);
  writeSection(
    'audit:lighthouse',
    `${stamp} \`npm run audit\`, Lighthouse 12 with its default mobile settings, every public page in every language, the median of ${RUNS} runs each.\n\nThe worst page of each language:\n\n${audited.worst}\n\nEvery page:\n\n${audited.all}`,
  );
  writeSection('audit:build', `${stamp} \`npm run audit\`, one run each.\n\n${built}`);
}
