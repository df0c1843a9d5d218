import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ROOT, startServer, type RunningServer } from '../helpers/server';

const work = mkdtempSync(path.join(os.tmpdir(), 'add-page-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const NEW_PAGE = `# yaml-language-server: $schema=../schemas/page.schema.json
title: Solar Rooftop Subsidy
description: How MSMEs can finance a rooftop solar plant and claim the state subsidy, with our help at every step of the way.
updated: 2026-11-20
blocks:
  - type: banner
    title: Solar rooftop finance for MSMEs
    lead: Cut your power bill and claim the subsidy, with finance arranged by us.
  - type: faq
    items:
      - question: Who can apply for the rooftop solar subsidy?
        answer: Any MSME with a roof it owns or leases for at least ten years.
  - type: apply-now
`;

test('one new YAML file in the content folder becomes a page at its route, with no code touched and no build', async () => {
  const pagesDir = path.join(work, 'pages-data');
  cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
  writeFileSync(path.join(pagesDir, 'solarrooftop.yaml'), NEW_PAGE);
  // Until its translations arrive, the author lists the page as untranslated, so it goes live in English first.
  const site = path.join(pagesDir, '_site.yaml');
  writeFileSync(site, `${readFileSync(site, 'utf8')}\nuntranslated:\n  mr: [/solarrooftop]\n  hi: [/solarrooftop]\n`);

  // The same build every other test uses: the server reads its content folder when it starts.
  server = await startServer({ env: { PAGES_DIR: pagesDir } });
  const response = await fetch(new URL('/solarrooftop', server.url));
  expect(response.status).toBe(200);
  const served = await response.text();
  expect(served).toContain('<title>Solar Rooftop Subsidy | ');
  expect(served).toContain('<h1 class="banner__title" tabindex="-1">Solar rooftop finance for MSMEs</h1>');
  expect(served).toContain('Who can apply for the rooftop solar subsidy?');
  expect(await (await fetch(new URL('/sitemap.xml', server.url))).text()).toContain('/solarrooftop</loc>');

  // At the Marathi address: the English page, marked as English, under a note in Marathi.
  const marathi = await (await fetch(new URL('/mr/solarrooftop', server.url))).text();
  expect(marathi).toContain('<html lang="mr">');
  expect(marathi).toMatch(/<p class="container page__untranslated" role="note">[\u0900-\u097F]/);
  expect(marathi).toContain('<div lang="en">');
  expect(marathi).toContain('Who can apply for the rooftop solar subsidy?');
}, 60_000);

test('an error in what every page is drawn with stops the server at start, naming the file, line and column', async () => {
  const pagesDir = path.join(work, 'broken-site');
  cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
  const site = path.join(pagesDir, '_site.yaml');
  writeFileSync(site, `${readFileSync(site, 'utf8')}colour: green\n`);
  const failure = await startServer({ env: { PAGES_DIR: pagesDir } }).then(
    () => 'started',
    (error: Error) => error.message,
  );
  expect(failure).toContain('exited with code 1');
  expect(failure).toMatch(/broken-site\/_site\.yaml:\d+:1 {2}colour {2}is not a key this section knows/);
});

test('a page with an error does not stop the server: the page is not served, and the log names its file, line and column', async () => {
  const pagesDir = path.join(work, 'broken-page');
  cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
  writeFileSync(
    path.join(pagesDir, 'solarrooftop.yaml'),
    NEW_PAGE.replace('  - type: apply-now\n', '  - type: apply-now\n    colour: green\n'),
  );
  const broken = await startServer({ env: { PAGES_DIR: pagesDir } });
  try {
    expect((await fetch(new URL('/', broken.url))).status).toBe(200);
    expect((await fetch(new URL('/solarrooftop', broken.url))).status).toBe(404);
    // The whole site's check, which runs once the server listens, names the problem in the log.
    const checked = () => broken.output.find((line) => line.includes('"msg":"the whole content is checked"'));
    await expect.poll(checked, { timeout: 90_000, interval: 250 }).toBeDefined();
    expect(broken.output.join('\n')).toMatch(/solarrooftop\.yaml:\d+:5 is not a key this section knows/);
  } finally {
    await broken.stop();
  }
}, 120_000);
