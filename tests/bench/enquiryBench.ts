import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgStore } from '../../api/store/pg/PgStore';
import { createDatabase, startPostgres } from '../helpers/postgres';
import { startServer } from '../helpers/server';
import { machineLine, measure, seedFileStore, seedPostgres, startJsonServer, table, writeSection, type Measurement } from './benchTools';

/**
 * `npm run bench`: POST /addcontactdata at 20 connections for 10 s with 0, 10,000 and
 * 100,000 enquiries already stored, against our server on the file store, on PostgreSQL
 * (one instance, and two behind a round-robin), and against json-server 0.17.4. Prints
 * the table and writes it to BENCHMARKS.md. Loopback only.
 */
const SIZES = [0, 10_000, 100_000];
const TARGETS = ['file store', 'PostgreSQL, 1 instance', 'PostgreSQL, 2 instances', 'json-server 0.17.4'];
const rows: Measurement[] = [];
const postgres = await startPostgres();

try {
  for (const stored of SIZES) {
    const work = mkdtempSync(path.join(os.tmpdir(), `bench-${stored}-`));
    try {
      seedFileStore(path.join(work, 'data'), stored);
      const fileServer = await startServer({ dataDir: path.join(work, 'data'), env: { ENQUIRY_RATE_LIMIT: '0' } });
      rows.push(await measure(TARGETS[0]!, stored, `${fileServer.url}/addcontactdata`));
      await fileServer.stop();

      for (const instances of [1, 2]) {
        const databaseUrl = await createDatabase(postgres.url);
        const secretsKey = randomBytes(32).toString('hex');
        await (await PgStore.open(databaseUrl, 1)).close(); // creates the tables
        await seedPostgres(databaseUrl, stored);
        const servers = await Promise.all(
          // The instances share the database's secrets key, as a deployment's do.
          Array.from({ length: instances }, () =>
            startServer({ env: { ENQUIRY_RATE_LIMIT: '0', DATABASE_URL: databaseUrl, SECRETS_KEY: secretsKey } }),
          ),
        );
        rows.push(
          await measure(
            TARGETS[instances]!,
            stored,
            servers.map((server) => `${server.url}/addcontactdata`),
          ),
        );
        await Promise.all(servers.map((server) => server.stop()));
      }

      const jsonServer = await startJsonServer(work, stored, 18_000 + stored / 1000);
      rows.push(await measure(TARGETS[3]!, stored, `${jsonServer.url}/addcontactdata`));
      jsonServer.child.kill('SIGKILL');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    console.log(`measured with ${stored} stored`);
  }
} finally {
  postgres.stop();
}

const find = (target: string, stored: number) => rows.find((row) => row.target === target && row.stored === stored)!;
const result = table(
  ['Stored enquiries', 'Server', 'req/s', 'p50 ms', 'p99 ms', '× json-server'],
  SIZES.flatMap((stored) =>
    TARGETS.map((target) => {
      const row = find(target, stored);
      const ratio = row.requestsPerSecond / Math.max(1, find(TARGETS[3]!, stored).requestsPerSecond);
      return [
        stored.toLocaleString('en-IN'),
        target,
        row.requestsPerSecond,
        row.p50,
        row.p99,
        target === TARGETS[3] ? '1×' : `${ratio.toFixed(1)}×`,
      ];
    }),
  ),
);
const failures = rows
  .filter((row) => row.non2xx > 0 || row.errors > 0)
  .map((row) => `${row.target} at ${row.stored}: ${row.non2xx} non-2xx, ${row.errors} errors`);
const body = `Measured ${machineLine()}; \`npm run bench\`, 20 connections, 10 s each.\n\n${result}${failures.length ? `\n\nNot every request got a 2xx answer: ${failures.join('; ')}.` : ''}`;
console.log(`\n${body}`);
writeSection('bench:enquiries', body);
