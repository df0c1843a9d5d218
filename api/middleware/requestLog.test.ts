import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { requestLog } from './requestLog';

test('one JSON line per request with method, path, status and time, and never the query or the body', async () => {
  const lines: string[] = [];
  const app = new Hono().use(requestLog((line) => lines.push(line))).post('/addcontactdata', (c) => c.json({}, 201));
  await app.request('/addcontactdata?phone=9822012345', { method: 'POST', body: '{"name":"Secret Name"}' });
  expect(lines).toHaveLength(1);
  const { time, ms, ...rest } = JSON.parse(lines[0]!) as Record<string, unknown>;
  expect(rest).toEqual({ method: 'POST', path: '/addcontactdata', status: 201 });
  expect(Date.parse(String(time))).toBeGreaterThan(Date.now() - 60_000);
  expect(typeof ms).toBe('number');
  expect(lines[0]).not.toMatch(/9822012345|Secret Name/);
});

test('an upload link’s token is in no line, whatever its case, slashes or segments after it', async () => {
  const lines: string[] = [];
  const app = new Hono().use(requestLog((line) => lines.push(line)));
  const token = 'Zk3vQ9mXw2LpR7tYb4nC8dHs';
  const asked = [
    `/documents/${token}`,
    `/mr/documents/${token}/`,
    `/documents/${token}/x`,
    `/Documents/${token}`,
    `/hi/DOCUMENTS/${token}/a/b?sent=1`,
    `/documents%2F${token}`,
    `//documents/${token}`,
  ];
  for (const pathname of asked) await app.request(pathname);
  expect(lines.map((line) => (JSON.parse(line) as { path: string }).path)).toEqual([
    '/documents/…',
    '/mr/documents/…',
    '/documents/…',
    '/Documents/…',
    '/hi/DOCUMENTS/…',
    '/documents/…',
    '//documents/…',
  ]);
  expect(lines.join('\n')).not.toContain(token);
});
