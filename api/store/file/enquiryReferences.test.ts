import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { removeDir, tempDataDir } from '../../../tests/helpers/server';
import type { EnquiryRecord } from '../Store';
import { FileStore } from './FileStore';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

const REFERENCE = /^VF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

function segment(dataDir: string, form: string, records: object[]) {
  const dir = path.join(dataDir, 'enquiries', form);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '000001.json'), JSON.stringify({ records }));
}

const current = (id: string, extra: Partial<EnquiryRecord> = {}) => ({
  _id: id,
  form: 'contact',
  createdAt: `2026-01-0${id.length}T00:00:00.000Z`,
  fields: { name: `Person ${id}`, number: '+919822012345', enquiry: 'other' },
  status: 'new',
  followUpOn: null,
  lastActivityAt: '2026-01-01T00:00:00.000Z',
  consent: null,
  history: [],
  ...extra,
});

test('enquiries an older version stored get a reference each at start, kept on disk, and two sharing one are told apart', async () => {
  const dataDir = tempDataDir('references-');
  dirs.push(dataDir);
  segment(dataDir, 'contact', [current('a'), current('bb', { reference: 'VF-7K3M-92QD' }), current('ccc', { reference: 'VF-7K3M-92QD' })]);
  // Before the desk, the answers lay flat beside the id.
  segment(dataDir, 'about', [{ _id: 'flat', createdAt: '2025-12-01T00:00:00.000Z', name: 'Old', phoneno: '+919822012345', message: 'Hi' }]);

  const store = await FileStore.open(dataDir);
  const items = (await store.enquiries.list({ limit: 10 })).items;
  await store.close();
  expect(items).toHaveLength(4);
  for (const item of items) expect(item.reference).toMatch(REFERENCE);
  expect(new Set(items.map((item) => item.reference)).size).toBe(4);
  const byId = Object.fromEntries(items.map((item) => [item._id, item.reference]));
  // The first to hold a reference keeps it.
  expect(byId['bb']).toBe('VF-7K3M-92QD');

  const onDisk = (form: string) =>
    (JSON.parse(readFileSync(path.join(dataDir, 'enquiries', form, '000001.json'), 'utf8')) as { records: EnquiryRecord[] }).records;
  expect(Object.fromEntries([...onDisk('contact'), ...onDisk('about')].map((record) => [record._id, record.reference]))).toEqual(byId);

  const again = await FileStore.open(dataDir);
  expect(Object.fromEntries((await again.enquiries.list({ limit: 10 })).items.map((item) => [item._id, item.reference]))).toEqual(byId);
  await again.close();
});
