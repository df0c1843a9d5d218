import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { ROOT, startServer, type RunningServer } from '../helpers/server';

const run = promisify(execFile);
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

test('one new YAML file in pages-data becomes a page at its route after a build, with no code touched', async () => {
  const pagesDir = path.join(work, 'pages-data');
  const outDir = path.join(work, 'dist');
  cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
  writeFileSync(path.join(pagesDir, 'solarrooftop.yaml'), NEW_PAGE);
  // Until its translations arrive, the author lists the page as untranslated, so it goes live in English first.
  const site = path.join(pagesDir, '_site.yaml');
  writeFileSync(site, `${readFileSync(site, 'utf8')}\nuntranslated:\n  mr: [/solarrooftop]\n  hi: [/solarrooftop]\n`);
  // The built server and prerenderer import React and Hono from the project's packages.
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');

  await run('npm', ['run', 'build'], {
    cwd: ROOT,
    env: { ...process.env, PAGES_DIR: pagesDir, OUT_DIR: outDir },
    maxBuffer: 64 * 1024 * 1024,
  });

  const html = readFileSync(path.join(outDir, 'client', 'solarrooftop', 'index.html'), 'utf8');
  expect(html).toContain('<h1 class="banner__title" tabindex="-1">Solar rooftop finance for MSMEs</h1>');

  server = await startServer({ env: { STATIC_DIR: path.join(outDir, 'client') } });
  const response = await fetch(new URL('/solarrooftop', server.url));
  expect(response.status).toBe(200);
  const served = await response.text();
  expect(served).toContain('<title>Solar Rooftop Subsidy | ');
  expect(served).toContain('Who can apply for the rooftop solar subsidy?');

  // At the Marathi address: the English page, marked as English, under a note in Marathi.
  const marathi = await (await fetch(new URL('/mr/solarrooftop', server.url))).text();
  expect(marathi).toContain('<html lang="mr">');
  expect(marathi).toMatch(/<p class="container page__untranslated" role="note">[\u0900-\u097F]/);
  expect(marathi).toContain('<div lang="en">');
  expect(marathi).toContain('Who can apply for the rooftop solar subsidy?');
}, 180_000);
