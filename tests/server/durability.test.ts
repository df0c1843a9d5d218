import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { removeDir, startServer, tempDataDir } from '../helpers/server';
import { crashRound } from '../helpers/crash';
import { postJson, storedEnquiries } from '../helpers/storedData';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));
const newDataDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};

const enquiry = (tag: string) => ({ name: 'Crash Test', number: '9876543210', enquiry: 'General Enquiry', message: tag, consent: true });

describe('crash safety', () => {
  test('kill -9 during a stream of enquiries loses none that were answered 200 (3 rounds)', async () => {
    const dataDir = newDataDir();
    let checked = 0;
    for (let round = 0; round < 3; round++) {
      const result = await crashRound(dataDir);
      expect(result.lost).toEqual([]);
      checked += result.checked;
    }
    expect(checked).toBeGreaterThan(0);
  }, 120_000);

  test('SIGTERM lets requests in flight finish, writes everything and exits cleanly', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ dataDir });
    const responses = Array.from({ length: 60 }, (_, index) =>
      postJson(new URL('/addcontactdata', server.url).href, enquiry(`t-${index}`)).catch(() => undefined),
    );
    // Stop once the first is answered, with the rest still on their way.
    await Promise.race(responses);
    const exitCode = server.stop();
    const settled = await Promise.all(responses);
    expect(await exitCode).toBe(0);
    const acknowledged = settled.filter((response) => response?.status === 200).length;
    expect(acknowledged).toBeGreaterThan(0);
    expect(storedEnquiries(dataDir, 'contact')).toHaveLength(acknowledged);
    expect(server.output.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  }, 60_000);
});

describe('a damaged data file', () => {
  test('stops the server with a message naming the file, and leaves the file as it was', async () => {
    const dataDir = newDataDir();
    const file = path.join(dataDir, 'enquiries', 'contact', '000001.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const damaged = '{"records":[{"_id":"a","name":"Half a rec';
    writeFileSync(file, damaged);
    await expect(startServer({ dataDir })).rejects.toThrow(
      new RegExp(`exited with code 1[\\s\\S]*${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
    );
    expect(readFileSync(file, 'utf8')).toBe(damaged);
  });

  test('a second server on the same data folder is refused', async () => {
    const dataDir = newDataDir();
    const first = await startServer({ dataDir });
    await expect(startServer({ dataDir })).rejects.toThrow(/Another server process .* is already using/);
    await first.stop();
  });
});

describe('per-IP rate limit', () => {
  test('the request past the limit gets 429 with a clear message, and is not stored', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ dataDir, env: { ENQUIRY_RATE_LIMIT: '3' } });
    const send = (headers: Record<string, string> = {}) =>
      postJson(new URL('/addcontactdata', server.url).href, enquiry('limited'), headers);
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
    const refused = await send({ 'X-Forwarded-For': '203.0.113.9' });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/try again in \d+ minutes?/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(storedEnquiries(dataDir, 'contact')).toHaveLength(3);
    await server.stop();
  });

  test('X-Forwarded-For counts only when it comes from a proxy TRUST_PROXY names', async () => {
    const dataDir = newDataDir();
    // The test connects from 127.0.0.1, so here it plays the trusted proxy.
    const server = await startServer({ dataDir, env: { ENQUIRY_RATE_LIMIT: '1', TRUST_PROXY: '127.0.0.1' } });
    const send = (ip: string) =>
      postJson(new URL('/addcontactdata', server.url).href, enquiry(ip), { 'X-Forwarded-For': `198.51.100.1, ${ip}` });
    expect((await send('203.0.113.1')).status).toBe(200);
    expect((await send('203.0.113.2')).status).toBe(200);
    expect((await send('203.0.113.1')).status).toBe(429);
    await server.stop();
  });
});
