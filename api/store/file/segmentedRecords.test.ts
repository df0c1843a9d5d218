import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { DataFileError } from './openJsonFile';
import { SegmentedRecords } from './segmentedRecords';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const tempDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'records-')));
const segment = (name: string) =>
  (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { records: { _id: string }[] }).records.map((record) => record._id);

test('fills numbered segments of a fixed size, oldest first, and lists newest first', async () => {
  const records = await SegmentedRecords.open<{ _id: string }>(tempDir(), { segmentSize: 2 });
  for (const id of ['a', 'b', 'c', 'd', 'e']) await records.add({ _id: id });
  expect(readdirSync(dir).sort()).toEqual(['000001.json', '000002.json', '000003.json']);
  expect([segment('000001.json'), segment('000002.json'), segment('000003.json')]).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  expect([...records.newestFirst()].map((record) => record._id)).toEqual(['e', 'd', 'c', 'b', 'a']);
});

test('a change rewrites only the segment that holds the record, and survives reopening', async () => {
  const records = await SegmentedRecords.open<{ _id: string; note?: string }>(tempDir(), { segmentSize: 2 });
  for (const id of ['a', 'b', 'c']) await records.add({ _id: id });
  const untouched = readFileSync(path.join(dir, '000002.json'), 'utf8');
  expect(await records.update('a', (record) => (record.note = 'called'))).toEqual({ _id: 'a', note: 'called' });
  expect(await records.update('missing', () => undefined)).toBeUndefined();
  expect(readFileSync(path.join(dir, '000002.json'), 'utf8')).toBe(untouched);
  const reopened = await SegmentedRecords.open<{ _id: string; note?: string }>(dir, { segmentSize: 2 });
  expect(reopened.get('a')).toEqual({ _id: 'a', note: 'called' });
  expect(reopened.size).toBe(3);
});

test('a change whose write fails is undone in memory, and no later write saves it', async () => {
  const records = await SegmentedRecords.open<{ _id: string; note?: string; calls: string[] }>(tempDir(), { segmentSize: 2 });
  await records.add({ _id: 'a', calls: ['monday'] });
  const held = records.get('a')!;
  // A directory where the segment goes: its write cannot replace it.
  rmSync(path.join(dir, '000001.json'));
  mkdirSync(path.join(dir, '000001.json', 'blocked'), { recursive: true });
  await expect(records.update('a', (record) => ((record.note = 'called'), record.calls.push('tuesday')))).rejects.toThrow();
  expect(held).toEqual({ _id: 'a', calls: ['monday'] });
  expect(records.get('a')).toBe(held);
  rmSync(path.join(dir, '000001.json'), { recursive: true });
  await records.add({ _id: 'b', calls: [] });
  expect(JSON.parse(readFileSync(path.join(dir, '000001.json'), 'utf8'))).toEqual({
    records: [
      { _id: 'a', calls: ['monday'] },
      { _id: 'b', calls: [] },
    ],
  });
});

test('deletes several records at once from every segment that held them', async () => {
  const records = await SegmentedRecords.open<{ _id: string }>(tempDir(), { segmentSize: 2 });
  for (const id of ['a', 'b', 'c', 'd']) await records.add({ _id: id });
  expect(await records.delete(['a', 'd', 'nope'])).toBe(2);
  expect([segment('000001.json'), segment('000002.json')]).toEqual([['b'], ['c']]);
  expect(records.get('a')).toBeUndefined();
});

test('a damaged segment stops the opening with its name and is left as it was', async () => {
  tempDir();
  writeFileSync(path.join(dir, '000001.json'), '{"records": [');
  await expect(SegmentedRecords.open(dir)).rejects.toThrow(DataFileError);
  await expect(SegmentedRecords.open(dir)).rejects.toThrow(path.join(dir, '000001.json'));
  expect(readFileSync(path.join(dir, '000001.json'), 'utf8')).toBe('{"records": [');
});

test('records written by an older version are upgraded once, and the segment written back', async () => {
  tempDir();
  writeFileSync(
    path.join(dir, '000001.json'),
    JSON.stringify({
      records: [
        { _id: 'a', old: 1 },
        { _id: 'b', value: 2 },
      ],
    }),
  );
  const upgrade = (record: { _id: string; old?: number; value?: number }) =>
    record.old === undefined ? undefined : { _id: record._id, value: record.old };
  const records = await SegmentedRecords.open(dir, { upgrade });
  expect([...records.newestFirst()]).toEqual([
    { _id: 'b', value: 2 },
    { _id: 'a', value: 1 },
  ]);
  expect(JSON.parse(readFileSync(path.join(dir, '000001.json'), 'utf8'))).toEqual({
    records: [
      { _id: 'a', value: 1 },
      { _id: 'b', value: 2 },
    ],
  });
});
