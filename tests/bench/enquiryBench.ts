import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../helpers/server';
import { machineLine, measure, seedFileStore, startJsonServer, table, writeSection, type Measurement } from './benchTools';

/**
 * `npm run bench`: POST /addcontactdata at 20 connections for 10 s with 0, 10,000 and
 * 100,000 enquiries already stored, against our server (file store) and json-server
 * 0.17.4, then prints the table and writes it to BENCHMARKS.md. Loopback only.
 */
const SIZES = [0, 10_000, 100_000];
const rows: Measurement[] = [];

for (const stored of SIZES) {
  const work = mkdtempSync(path.join(os.tmpdir(), `bench-${stored}-`));
  try {
    seedFileStore(path.join(work, 'data'), stored);
    const server = await startServer({ dataDir: path.join(work, 'data'), env: { ENQUIRY_RATE_LIMIT: '0' } });
    rows.push(await measure('file store', stored, `${server.url}/addcontactdata`));
    await server.stop();

    const jsonServer = await startJsonServer(work, stored, 18_000 + stored / 1000);
    rows.push(await measure('json-server 0.17.4', stored, `${jsonServer.url}/addcontactdata`));
    jsonServer.child.kill('SIGKILL');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`measured with ${stored} stored`);
}

const ours = (stored: number) => rows.find((row) => row.target === 'file store' && row.stored === stored)!;
const peer = (stored: number) => rows.find((row) => row.target === 'json-server 0.17.4' && row.stored === stored)!;
const result = table(
  ['Stored enquiries', 'File store req/s', 'p50 ms', 'p99 ms', 'json-server req/s', 'p50 ms', 'p99 ms', 'Throughput ratio'],
  SIZES.map((stored) => [
    stored.toLocaleString('en-IN'),
    ours(stored).requestsPerSecond,
    ours(stored).p50,
    ours(stored).p99,
    peer(stored).requestsPerSecond,
    peer(stored).p50,
    peer(stored).p99,
    `${(ours(stored).requestsPerSecond / Math.max(1, peer(stored).requestsPerSecond)).toFixed(1)}×`,
  ]),
);
const failures = rows.filter((row) => row.non2xx > 0 || row.errors > 0).map((row) => `${row.target} at ${row.stored}: ${row.non2xx} non-2xx, ${row.errors} errors`);
const body = `Measured ${machineLine()}; \`npm run bench\`, 20 connections, 10 s each.\n\n${result}${failures.length ? `\n\nNot all answers were 2xx: ${failures.join('; ')}.` : ''}`;
console.log(`\n${body}`);
writeSection('bench:enquiries', body);
