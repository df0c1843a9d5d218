import { readFileSync } from 'node:fs';
import autocannon, { type Request } from 'autocannon';
import { crashRound } from '../helpers/crash';
import { removeDir, startServer, tempDataDir } from '../helpers/server';
import { storedEnquiries } from '../helpers/storedData';
import { machineLine, writeSection } from '../bench/benchTools';

/**
 * `npm run soak`: 20 rounds of kill -9 during a stream of enquiries, then 60 seconds of
 * mixed traffic at 50 connections (page GETs, enquiry POSTs, admin list calls with a
 * session). Loopback only; stops by itself. Prints the figures and writes them into the
 * Reliability and security section of docs/security.md.
 */
const CRASH_ROUNDS = 20;
const SOAK_SECONDS = 60;
const CONNECTIONS = 50;

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function crashRounds() {
  const dataDir = tempDataDir('crash-');
  let checked = 0;
  let lost = 0;
  try {
    for (let round = 1; round <= CRASH_ROUNDS; round++) {
      const result = await crashRound(dataDir);
      checked += result.checked;
      lost += result.lost.length;
      console.log(`crash round ${round}: ${result.checked} acknowledged, ${result.lost.length} lost`);
    }
  } finally {
    removeDir(dataDir);
  }
  return { checked, lost };
}

async function soak() {
  const admin = { username: 'owner', password: 'soak-test-password' };
  const server = await startServer({ env: { ENQUIRY_RATE_LIMIT: '0', ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } });
  const origin = new URL(server.url).origin;
  const login = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify(admin),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const rssStart = rssMb(server.process.pid!);
  let posted = 0;
  const acknowledged: string[] = [];
  // One request at a time per connection, so the connection's context knows which enquiry an answer is for.
  const enquiry: Request = {
    method: 'POST',
    path: '/addcontactdata',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request: Request, context: object) => {
      const tag = `soak ${posted++}`;
      (context as { tag?: string }).tag = tag;
      return {
        ...request,
        body: JSON.stringify({ name: 'Soak Visitor', number: '9876543210', enquiry: 'General Enquiry', message: tag, consent: true }),
      };
    },
    onResponse: (status: number, _body: string, context: object) => {
      if (status === 200) acknowledged.push(String((context as { tag?: string }).tag));
    },
  };
  const page = (path: string): Request => ({ method: 'GET', path, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SOAK_SECONDS,
    requests: [
      page('/'),
      enquiry,
      page('/homeloan'),
      page('/about'),
      enquiry,
      page('/contactus'),
      { method: 'GET', path: '/fetchcontactusdata', headers: { cookie } },
      page('/alllicense'),
      enquiry,
      page('/sitemap.xml'),
    ],
  });
  const rssEnd = rssMb(server.process.pid!);
  await server.stop();
  const stored = new Set(storedEnquiries(server.dataDir, 'contact').map((record) => record.fields.message));
  removeDir(server.dataDir);
  return {
    result,
    rssStart,
    rssEnd,
    acknowledged: acknowledged.length,
    stored: stored.size,
    lost: acknowledged.filter((tag) => !stored.has(tag)).length,
  };
}

const crashes = await crashRounds();
const { result, rssStart, rssEnd, acknowledged, stored, lost } = await soak();
const lines = [
  `Measured ${machineLine()}; \`npm run soak\`.`,
  '',
  `- Crash rounds: ${CRASH_ROUNDS} kill -9 rounds during a stream of enquiry POSTs; ${crashes.checked} acknowledged enquiries checked after restart, ${crashes.lost} lost.`,
  `- Soak: ${SOAK_SECONDS} s of mixed traffic at ${CONNECTIONS} connections (page GETs, enquiry POSTs, admin lists with a session): ${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx answers, ${result.timeouts} timeouts; latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms.`,
  `- Server memory (RSS): ${rssStart} MB at the start, ${rssEnd} MB at the end.`,
  `- Enquiries answered 200: ${acknowledged}, every one of them stored (${lost} lost). Stored in all: ${stored}; the ${stored - acknowledged} more were in flight when the load generator stopped at ${SOAK_SECONDS} s, so their answers were never read.`,
];
console.log(lines.join('\n'));
writeSection('soak:figures', lines.join('\n'), 'docs/security.md');
if (crashes.lost > 0 || lost > 0 || stored - acknowledged > CONNECTIONS) process.exitCode = 1;
