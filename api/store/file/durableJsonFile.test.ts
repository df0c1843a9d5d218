import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { DurableJsonFile } from './durableJsonFile';
import { writeDurably, type DurableFs } from './durableWrites';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const tempDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'durable-')));

/** The real file functions, recording each step (and each flush) in order. */
function recordingFs(steps: string[], overrides: Partial<DurableFs> = {}): DurableFs {
  return {
    open: (async (file: string, flags: string, mode?: number) => {
      const handle = await open(file, flags, mode);
      const name = path
        .basename(file)
        .replace(/\.\d+\.\d+\.tmp$/, '.tmp')
        .replace(/^\./, '');
      steps.push(`open ${name} ${flags}`);
      return Object.assign(Object.create(handle) as typeof handle, {
        writeFile: async (text: string) => (steps.push(`write ${name}`), handle.writeFile(text)),
        sync: async () => (steps.push(`fsync ${name}`), handle.sync()),
        close: async () => (steps.push(`close ${name}`), handle.close()),
      });
    }) as DurableFs['open'],
    rename: async (from, to) => (steps.push(`rename to ${path.basename(String(to))}`), rename(from, to)),
    unlink: async (file) => (steps.push('unlink temporary'), unlink(file)),
    ...overrides,
  };
}

describe('writeDurably', () => {
  test('flushes the new file and then its folder to the disk before it resolves', async () => {
    const file = path.join(tempDir(), 'data.json');
    const steps: string[] = [];
    await writeDurably(file, '{"a":1}', recordingFs(steps));
    steps.push('resolved');
    const folder = path.basename(dir);
    expect(steps).toEqual([
      'open data.json.tmp w',
      'write data.json.tmp',
      'fsync data.json.tmp',
      'close data.json.tmp',
      'rename to data.json',
      `open ${folder} r`,
      `fsync ${folder}`,
      `close ${folder}`,
      'resolved',
    ]);
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}');
  });

  test('creates the file readable by the server user only', async () => {
    const file = path.join(tempDir(), 'private.json');
    await writeDurably(file, '{}');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('a failed rename leaves the old file whole and no temporary file behind', async () => {
    const file = path.join(tempDir(), 'data.json');
    writeFileSync(file, '{"old":true}');
    const failing = recordingFs([], {
      rename: () => Promise.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' })),
    });
    await expect(writeDurably(file, '{"new":true}', failing)).rejects.toThrow('disk full');
    expect(readFileSync(file, 'utf8')).toBe('{"old":true}');
    expect(readdirSync(dir)).toEqual(['data.json']);
  });
});

describe('DurableJsonFile', () => {
  test('reads a missing file as null, so lowdb starts from its default', async () => {
    expect(await new DurableJsonFile(path.join(tempDir(), 'none.json')).read()).toBeNull();
  });

  test('writes asked for during a write share one following write that carries the newest data', async () => {
    const file = path.join(tempDir(), 'data.json');
    const steps: string[] = [];
    const adapter = new DurableJsonFile<{ n: number }>(file, recordingFs(steps));
    const data = { n: 0 };
    const writes = Array.from({ length: 10 }, (_, index) => {
      data.n = index + 1;
      return adapter.write(data);
    });
    await Promise.all(writes);
    expect(steps.filter((step) => step === 'fsync data.json.tmp')).toHaveLength(2);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: 10 });
  });

  test('a write that fails rejects its callers only; the next write goes ahead', async () => {
    const file = path.join(tempDir(), 'data.json');
    let fail = true;
    const adapter = new DurableJsonFile<{ n: number }>(
      file,
      recordingFs([], {
        rename: (from, to) => (fail ? Promise.reject(new Error('no space')) : rename(from, to)),
      }),
    );
    await expect(adapter.write({ n: 1 })).rejects.toThrow('no space');
    fail = false;
    await adapter.write({ n: 2 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: 2 });
  });
});
