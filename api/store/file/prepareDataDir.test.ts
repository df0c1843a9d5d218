import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { prepareDataDir } from './prepareDataDir';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('makes every folder 0700 and every file 0600, and removes temporary files left by a crash', () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prepare-'));
  mkdirSync(path.join(dir, 'enquiries', 'contact'), { recursive: true, mode: 0o755 });
  writeFileSync(path.join(dir, 'enquiries', 'contact', '000001.json'), '{"records":[]}', { mode: 0o644 });
  writeFileSync(path.join(dir, 'enquiries', 'contact', '000001.json.4242.7.tmp'), 'half an enquiry');
  writeFileSync(path.join(dir, 'enquiries', 'contact', '.000001.json.tmp'), 'left by an older version');
  prepareDataDir(dir);
  expect(readdirSync(path.join(dir, 'enquiries', 'contact'))).toEqual(['000001.json']);
  for (const folder of [dir, path.join(dir, 'enquiries'), path.join(dir, 'enquiries', 'contact')])
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  expect(statSync(path.join(dir, 'enquiries', 'contact', '000001.json')).mode & 0o777).toBe(0o600);
});

test('creates a missing folder, private from the start', () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prepare-'));
  const fresh = path.join(dir, 'data');
  prepareDataDir(fresh);
  expect(existsSync(fresh)).toBe(true);
  expect(statSync(fresh).mode & 0o777).toBe(0o700);
});
