import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { memoryFolder } from '../../src/content/contentFolder';
import { eachStore } from '../../tests/helpers/eachStore';
import type { FetchPolicy } from './fetchLinks';
import { runLinkCheck } from './runLinkCheck';
import { linkProblems, sourcesReport } from './sourcesReport';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** One retry, at once and with no jitter to speak of: the real policy's backoff of seconds is linkinator's, not ours to wait for. */
const POLICY: FetchPolicy = { retries: 1, timeoutMs: 5_000, concurrency: 4 };

/**
 * The "government sites" of these tests, on loopback only: each path answers as such a site may,
 * and counts the requests it had, so a test sees what the check asked and when.
 */
const asked = new Map<string, number>();
let runs = 0;
function answer(request: IncomingMessage, response: ServerResponse) {
  const route = new URL(request.url ?? '/', 'http://x').pathname;
  asked.set(route, (asked.get(route) ?? 0) + 1);
  const status: Record<string, number> = {
    '/ok': 200,
    '/gone': 404,
    '/forbidden': 403,
    '/busy': 429,
    // Gone on the first run only: a site down for a while.
    '/once': runs === 1 ? 404 : 200,
    // A server error on its first request, then an answer: the retry finds it.
    '/flaky': asked.get(route) === 1 ? 503 : 200,
  };
  response.writeHead(status[route] ?? 404, { 'content-type': 'text/html' }).end('<!doctype html><title>x</title>');
}

let site: Server;
let tls: Server;
let base = '';
let tlsBase = '';
let certDir = '';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  site = createServer(answer);
  base = `http://127.0.0.1:${await listen(site)}`;
  // A site whose certificate no authority signed: as a government site that sends an incomplete chain looks to Node.
  certDir = mkdtempSync(path.join(os.tmpdir(), 'link-check-cert-'));
  const [key, cert] = [path.join(certDir, 'key.pem'), path.join(certDir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert],
    {
      stdio: 'ignore',
    },
  );
  tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, answer);
  tlsBase = `https://127.0.0.1:${await listen(tls)}`;
});

afterAll(async () => {
  for (const server of [site, tls]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(certDir, { recursive: true, force: true });
});

/** A page in English and in Marathi naming the test sites as its sources and in a sentence. */
function content() {
  return memoryFolder(contentFiles());
}

function contentFiles() {
  const page = (lines: string[]) => `${lines.join('\n')}\n`;
  return new Map([
    [
      'clcss.yaml',
      page([
        'title: CLCSS',
        'sources:',
        `  - url: ${base}/gone#section`,
        '    checked: 2026-11-26',
        `  - url: ${base}/forbidden`,
        '    checked: 2026-11-26',
        'blocks:',
        '  - type: text',
        `    body: See ${base}/busy, or ${base}/once.`,
      ]),
    ],
    ['mr/clcss.yaml', page(['title: CLCSS', 'sources:', `  - url: ${base}/gone`, '    checked: 2026-11-26'])],
    ['_site.yaml', page(['# A comment naming http://198.51.100.1/ is not checked', `footer: ${base}/flaky`, `portal: ${tlsBase}/ok`])],
  ]);
}

eachStore('the link check', (fresh) => {
  test('a 404 twice a day apart is broken at its places; 403, 429 and a 404 once are not; a TLS error is a warning', async () => {
    const { store, clock } = await fresh();
    const folder = content();
    asked.clear();
    runs = 1;
    const first = await runLinkCheck({ store, folder, policy: POLICY, everyMs: DAY, clock });
    // Every address once, whatever its #fragment and however many files name it; the comment's never.
    expect(first?.links.map((link) => [link.url, link.outcome, link.status, link.files])).toEqual([
      [`${base}/flaky`, 'ok', 200, ['_site.yaml']],
      [`${tlsBase}/ok`, 'warning', 0, ['_site.yaml']],
      [`${base}/gone`, 'failed', 404, ['clcss.yaml', 'mr/clcss.yaml']],
      [`${base}/forbidden`, 'ok', 403, ['clcss.yaml']],
      [`${base}/busy`, 'ok', 429, ['clcss.yaml']],
      [`${base}/once`, 'failed', 404, ['clcss.yaml']],
    ]);
    expect(first?.links[1]?.detail).toBe('certificate not verified: DEPTH_ZERO_SELF_SIGNED_CERT');
    // The server error was tried again, and answered.
    expect(asked.get('/flaky')).toBeGreaterThanOrEqual(2);
    expect(first).toMatchObject({ checked: 6, broken: 0, failing: 2, warnings: 1 });
    // Failing once is not broken: nothing is reported broken yet, and the warning is shown where the address is.
    let report = await sourcesReport(store, { pages: [], folder }, clock.now(), DAY);
    expect(report.broken).toEqual([]);
    expect(report.warnings).toEqual([
      {
        url: `${tlsBase}/ok`,
        status: 0,
        detail: 'certificate not verified: DEPTH_ZERO_SELF_SIGNED_CERT',
        since: first?.links[0]?.checkedAt,
        places: [{ file: '_site.yaml', line: 3, col: 9, path: 'portal' }],
      },
    ]);

    // Not due again before a day has passed.
    await clock.advance(DAY - 1);
    expect(await runLinkCheck({ store, folder, policy: POLICY, everyMs: DAY, clock })).toBeUndefined();
    await clock.advance(1);
    runs = 2;
    const second = await runLinkCheck({ store, folder, policy: POLICY, everyMs: DAY, clock });
    expect(second).toMatchObject({ checked: 6, broken: 1, failing: 0, warnings: 1 });

    report = await sourcesReport(store, { pages: [], folder }, clock.now(), DAY);
    expect(report.lastRun).toMatchObject({ checked: 6 });
    expect(report.everyHours).toBe(24);
    expect(report.broken).toEqual([
      {
        url: `${base}/gone`,
        status: 404,
        detail: 'answered 404',
        since: first?.links[0]?.checkedAt,
        places: [
          { file: 'clcss.yaml', line: 3, col: 10, path: 'sources[0].url' },
          { file: 'mr/clcss.yaml', line: 3, col: 10, path: 'sources[0].url' },
        ],
      },
    ]);
    // The page editor shows it at its line, as a warning that does not stop a publish.
    const shown = linkProblems('mr/clcss.yaml', folder.read('mr/clcss.yaml'), (await store.linkChecks.linkChecks()).links);
    expect(shown.map(({ line, col, severity }) => ({ line, col, severity }))).toEqual([{ line: 3, col: 10, severity: 'warning' }]);
    expect(shown[0]?.message).toMatch(
      `links to ${base}/gone, which has not answered since 24 November 2026 (answered 404 at every check since)`,
    );
    // Only the test sites on loopback were asked (the TLS one never gets as far as a request), and never the comment's address.
    expect([...asked.keys()].sort()).toEqual(['/busy', '/flaky', '/forbidden', '/gone', '/once']);
  });
});

test('`npm run check:links` lists what failed and what warned at each file, line and column, and exits 1', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'check-links-'));
  try {
    for (const [file, text] of contentFiles()) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    runs = 1;
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile('npx', ['tsx', 'api/cli/checkLinks.ts', dir], (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
      ),
    );
    const label = path.relative(process.cwd(), dir);
    expect(output).toContain(
      `Failed: ${base}/gone (answered 404)\n  ${label}/clcss.yaml:3:10 sources[0].url\n  ${label}/mr/clcss.yaml:3:10 sources[0].url\n`,
    );
    const body = contentFiles().get('clcss.yaml')!.split('\n')[8]!;
    expect(output).toContain(
      `Failed: ${base}/once (answered 404)\n  ${label}/clcss.yaml:9:${body.indexOf(`${base}/once`) + 1} blocks[0].body\n`,
    );
    expect(output).toContain(`${tlsBase}/ok (certificate not verified: DEPTH_ZERO_SELF_SIGNED_CERT)\n  ${label}/_site.yaml:3:9 portal\n`);
    expect(output).toContain('6 checked: 3 answered, 2 failed, 1 warnings.');
    expect(code).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
