import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, startServer } from '../helpers/server';
import { machineLine, table, writeSection } from './benchTools';

/**
 * `npm run audit`: Lighthouse (mobile settings, Debian's Chromium via CHROME_PATH) on the
 * production server, then the wall time of `npm run build` for the real content and for
 * generated sites of up to 1,000 pages. Prints both tables and writes them to BENCHMARKS.md.
 */
const PAGES = ['/', '/about', '/services', '/homeloan', '/contactus', '/alllicense', '/mr', '/hi/homeloan'];
const GENERATED_SIZES = [250, 500, 1000];
/** The folders of pages-data each generated page is written to: English first, then each translation. */
const LANGUAGES = ['', 'mr', 'hi'];

async function audit() {
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
  const rows: (string | number)[][] = [];
  try {
    for (const page of PAGES) {
      const result = await lighthouse(new URL(page, server.url).href, { port: chrome.port, output: 'json', logLevel: 'error' });
      const { categories, audits } = result!.lhr;
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
      rows.push([
        page,
        score('performance'),
        score('accessibility'),
        score('best-practices'),
        score('seo'),
        `${Math.round(audits['largest-contentful-paint']!.numericValue!)} ms`,
        `${Math.round(audits['total-blocking-time']!.numericValue!)} ms`,
        audits['cumulative-layout-shift']!.numericValue!.toFixed(3),
      ]);
      console.log(`audited ${page}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return table(['Page', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'LCP', 'TBT', 'CLS'], rows);
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

const audited = await audit();
const built = buildTimes();
const stamp = `Measured ${machineLine()}.`;
console.log(`\n${audited}\n\n${built}`);
writeSection('audit:lighthouse', `${stamp} \`npm run audit\`, Lighthouse 12 with its default mobile settings.\n\n${audited}`);
writeSection('audit:build', `${stamp} \`npm run audit\`, one run each.\n\n${built}`);
