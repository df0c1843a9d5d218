import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { manualClock } from '../../tests/helpers/manualClock';
import { removeDir, tempDataDir } from '../../tests/helpers/server';
import { DAY_MS, startRetention, type Retention } from './retention';
import { FileStore } from '../store/file/FileStore';

const opened: { store: FileStore; dir: string; retention?: Retention }[] = [];
afterEach(async () => {
  for (const { store, dir, retention } of opened.splice(0)) {
    await retention?.stop();
    await store.close();
    removeDir(dir);
  }
});

async function openStore(dir = tempDataDir('retention-')) {
  const clock = manualClock();
  const store = await FileStore.open(dir, clock);
  const entry: (typeof opened)[number] = { store, dir };
  opened.push(entry);
  const lines: Record<string, unknown>[] = [];
  const start = (retentionMs: number, sweepMs: number) => {
    entry.retention = startRetention({
      store,
      retentionMs,
      sweepMs,
      visitKeepMonths: 25,
      documents: () => ({ days: 90, finalStatuses: ['disbursed', 'closed'] }),
      clock,
      log: (fields) => lines.push(fields),
    });
  };
  return { store, clock, lines, start };
}

test('erases enquiries and requests once they pass the retention period, keeps fresher ones, and logs and audits only counts', async () => {
  const { store, clock, lines, start } = await openStore();
  await store.enquiries.add({ form: 'contact', fields: { name: 'Old Visitor', number: '+919822012345', enquiry: 'other' } });
  await store.people.addRequest({ fields: { name: 'Old Visitor', phone: '+919822012345', kind: 'access' }, dueOn: '2026-12-23' });
  await clock.advance(31 * DAY_MS);
  await store.enquiries.add({ form: 'contact', fields: { name: 'New Visitor', number: '+919811111111', enquiry: 'other' } });
  start(30 * DAY_MS, DAY_MS);

  // The first sweep runs at start.
  await clock.advance(0);
  await expect.poll(() => lines.length).toBeGreaterThan(0);
  expect((await store.enquiries.list({ limit: 10 })).items.map((item) => item.fields.name)).toEqual(['New Visitor']);
  expect((await store.people.listRequests({ limit: 10 })).total).toBe(0);
  expect(lines[0]).toEqual({
    msg: 'retention sweep',
    erasedEnquiries: 1,
    erasedRequests: 1,
    auditEntriesTrimmed: 0,
    visitCountsKeptFrom: '2024-11',
    erasedDocuments: 0,
  });
  const [audit] = (await store.audit.list({ limit: 1 })).items;
  expect(audit).toMatchObject({ account: null, action: 'retention', detail: '1 enquiry and 1 request past the retention period erased' });
  expect(JSON.stringify([lines, audit])).not.toMatch(/Visitor|98220/);
});

test('sweeps again every period, and trims audit entries older than a year while keeping recent ones', async () => {
  const dir = tempDataDir('retention-');
  const yearAndADayAgo = new Date(manualClock().now() - 366 * DAY_MS).toISOString();
  mkdirSync(path.join(dir, 'audit'), { recursive: true });
  writeFileSync(
    path.join(dir, 'audit', '000001.json'),
    JSON.stringify({ records: [{ _id: '000000000-0001', at: yearAndADayAgo, account: 'owner', action: 'sign-in' }] }),
  );
  const { store, clock, lines, start } = await openStore(dir);
  await store.audit.add({ account: 'owner', action: 'export', detail: '1 enquiry' });
  start(1.5 * DAY_MS, DAY_MS);
  await expect.poll(() => lines.length).toBe(1);
  expect(lines[0]).toMatchObject({ auditEntriesTrimmed: 1 });
  expect((await store.audit.list({ limit: 10 })).items.map((item) => item.action)).toEqual(['export']);

  await store.enquiries.add({ form: 'contact', fields: { name: 'Later', number: '+919822012345', enquiry: 'other' } });
  // A day on, the second sweep finds it younger than a day and a half; a day later, the third erases it.
  await clock.advance(DAY_MS);
  expect(lines).toHaveLength(2);
  expect((await store.enquiries.list({ limit: 1 })).total).toBe(1);
  await clock.advance(DAY_MS);
  expect(lines).toHaveLength(3);
  expect((await store.enquiries.list({ limit: 1 })).total).toBe(0);
});

test('erases the documents of an enquiry closed 90 days ago, keeps the enquiry, and audits only counts', async () => {
  const { store, clock, lines, start } = await openStore();
  const enquiry = await store.enquiries.add({
    form: 'contact',
    fields: { name: 'Closed Visitor', number: '+919822012345', enquiry: 'other' },
  });
  const request = {
    id: 'request-1',
    enquiryId: enquiry._id,
    tokenHash: 'hash',
    items: ['PAN card'],
    language: 'en',
    createdAt: new Date(clock.now()).toISOString(),
    createdBy: { id: 'id-owner', username: 'owner' },
    expiresAt: new Date(clock.now() + 14 * DAY_MS).toISOString(),
  };
  await store.documents.addRequest(request);
  const at = new Date(clock.now()).toISOString();
  const document = {
    id: 'document-1',
    enquiryId: enquiry._id,
    requestId: request.id,
    item: 0,
    name: 'sealed',
    type: 'application/pdf' as const,
    bytes: 3,
    at,
  };
  await store.documents.addDocument(document, Buffer.from('abc'), 5);
  await store.enquiries.update(enquiry._id, { status: 'closed', closedReason: 'other' }, { id: 'id-owner', username: 'owner' });
  start(730 * DAY_MS, DAY_MS);
  await clock.advance(0);
  await expect.poll(() => lines.length).toBe(1);
  expect(lines[0]).toMatchObject({ erasedDocuments: 0 });
  await clock.advance(91 * DAY_MS);
  expect(lines.at(-1)).toMatchObject({ erasedDocuments: 1, erasedEnquiries: 0 });
  expect(await store.documents.documentsOf(enquiry._id)).toEqual([]);
  expect(await store.enquiries.get(enquiry._id)).toBeDefined();
  const [audit] = (await store.audit.list({ limit: 1 })).items;
  expect(audit).toMatchObject({
    action: 'retention',
    detail: '1 document and 1 request for them erased, their enquiries closed 90 days ago',
  });
});
