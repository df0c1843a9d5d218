import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, test } from 'vitest';
import { removeDir, tempDataDir } from '../tests/helpers/server';
import { startRetention, type Retention } from './retention';
import { FileStore } from './store/file/FileStore';

const opened: { store: FileStore; dir: string; retention?: Retention }[] = [];
afterEach(async () => {
  for (const { store, dir, retention } of opened.splice(0)) {
    await retention?.stop();
    await store.close();
    removeDir(dir);
  }
});

async function until(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within 5 s: ${what}`);
    await sleep(20);
  }
}

test('erases enquiries and requests once they pass the retention period, keeps fresher ones, and logs and audits only counts', async () => {
  const dir = tempDataDir('retention-');
  const store = await FileStore.open(dir);
  const entry = { store, dir } as (typeof opened)[number];
  opened.push(entry);
  await store.addEnquiry({ form: 'contact', fields: { name: 'Old Visitor', number: '+919822012345', enquiry: 'other' } });
  await store.addPrivacyRequest({ fields: { name: 'Old Visitor', phone: '+919822012345', kind: 'access' }, dueOn: '2026-12-23' });
  await sleep(1200);
  await store.addEnquiry({ form: 'contact', fields: { name: 'New Visitor', number: '+919811111111', enquiry: 'other' } });
  const lines: Record<string, unknown>[] = [];
  entry.retention = startRetention({ store, retentionMs: 1000, sweepMs: 60_000, log: (fields) => lines.push(fields) });

  await until(() => lines.length > 0, 'the first sweep, at start');
  expect((await store.listEnquiries({ limit: 10 })).items.map((item) => item.fields.name)).toEqual(['New Visitor']);
  expect((await store.listPrivacyRequests({ limit: 10 })).total).toBe(0);
  expect(lines[0]).toEqual({ msg: 'retention sweep', erasedEnquiries: 1, erasedRequests: 1, auditEntriesTrimmed: 0 });
  const [audit] = (await store.listAudit({ limit: 1 })).items;
  expect(audit).toMatchObject({ account: null, action: 'retention', detail: '1 enquiry and 1 request past the retention period erased' });
  expect(JSON.stringify([lines, audit])).not.toMatch(/Visitor|98220/);
});

test('sweeps again every period, and trims audit entries older than a year while keeping recent ones', async () => {
  const dir = tempDataDir('retention-');
  const yearAndADayAgo = new Date(Date.now() - 366 * 86_400_000).toISOString();
  mkdirSync(path.join(dir, 'audit'), { recursive: true });
  writeFileSync(
    path.join(dir, 'audit', '000001.json'),
    JSON.stringify({ records: [{ _id: '000000000-0001', at: yearAndADayAgo, account: 'owner', action: 'sign-in' }] }),
  );
  const store = await FileStore.open(dir);
  const entry = { store, dir } as (typeof opened)[number];
  opened.push(entry);
  await store.addAudit({ account: 'owner', action: 'export', detail: '1 enquiry' });
  const lines: Record<string, unknown>[] = [];
  entry.retention = startRetention({ store, retentionMs: 200, sweepMs: 100, log: (fields) => lines.push(fields) });

  await until(() => lines.length >= 1, 'the first sweep');
  expect(lines[0]).toMatchObject({ auditEntriesTrimmed: 1 });
  expect((await store.listAudit({ limit: 10 })).items.map((item) => item.action)).toEqual(['export']);

  await store.addEnquiry({ form: 'contact', fields: { name: 'Later', number: '+919822012345', enquiry: 'other' } });
  await until(async () => (await store.listEnquiries({ limit: 1 })).total === 0, 'a later sweep erasing an enquiry added after the first');
  expect(lines.length).toBeGreaterThanOrEqual(2);
});
