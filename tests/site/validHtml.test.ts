import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fetchServedPages } from '../helpers/servedPages';
import { removeDir, ROOT, startServer, type RunningServer } from '../helpers/server';

const run = promisify(execFile);
const VNU = path.join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');

let server: RunningServer;
const folder = mkdtempSync(path.join(os.tmpdir(), 'served-html-'));
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  rmSync(folder, { recursive: true, force: true });
});

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
}

/** The Nu HTML Checker (the W3C's validator) over every page the server sends, in every language. */
test('every page in every language is valid HTML', async () => {
  const pages = await fetchServedPages(server.url);
  const names = new Map<string, string>();
  pages.forEach(({ route, html }, index) => {
    const file = path.join(folder, `page-${index}.html`);
    names.set(`file:${file}`, route);
    writeFileSync(file, html);
  });
  // The checker exits with status 1 when it finds an error; its findings are the JSON on stderr either way.
  const output = await run('java', ['-jar', VNU, '--errors-only', '--format', 'json', folder], { maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stderr }) => stderr,
    (error: { stderr?: string; code?: string }) => {
      if (error.code === 'ENOENT')
        throw new Error('Java is missing: the HTML check runs the Nu HTML Checker (apt-get install default-jre-headless)');
      return error.stderr ?? '';
    },
  );
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  const errors = messages.map((found) => `${names.get(found.url) ?? found.url}:${found.lastLine}:${found.firstColumn} ${found.message}`);
  expect(pages.length).toBeGreaterThanOrEqual(100);
  expect(errors).toEqual([]);
}, 120_000);
