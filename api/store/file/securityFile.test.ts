import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { SecurityFile } from './securityFile';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const tempDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'security-')));
const onDisk = () => JSON.parse(readFileSync(path.join(dir, 'security.json'), 'utf8')) as Record<string, unknown>;
const admin = { username: 'owner', passwordHash: 'scrypt$hash' };

test('changing the credential and ending the other sessions is one write', async () => {
  const security = await SecurityFile.open(tempDir());
  const later = Date.now() + 60_000;
  await security.addSession('mine', { username: 'owner', expiresAt: later });
  await security.addSession('theirs', { username: 'owner', expiresAt: later });
  await security.setAdmin({ ...admin, passwordHash: 'scrypt$new' }, { keep: 'mine' });
  expect(onDisk()).toEqual({
    admin: { username: 'owner', passwordHash: 'scrypt$new' },
    sessions: { mine: { username: 'owner', expiresAt: later } },
  });
});

test('an expired session is not found, and is dropped at the next write', async () => {
  const security = await SecurityFile.open(tempDir());
  await security.addSession('old', { username: 'owner', expiresAt: Date.now() - 1 });
  expect(security.session('old')).toBeUndefined();
  await security.addSession('new', { username: 'owner', expiresAt: Date.now() + 60_000 });
  expect(Object.keys(onDisk().sessions as object)).toEqual(['new']);
});

test('a token hash that names an Object property finds nothing', async () => {
  const security = await SecurityFile.open(tempDir());
  expect(security.session('constructor')).toBeUndefined();
  expect(security.session('__proto__')).toBeUndefined();
});

test('a file from before rate limits moved to memory loses its counters at the next write', async () => {
  tempDir();
  writeFileSync(
    path.join(dir, 'security.json'),
    JSON.stringify({ admin, sessions: {}, windows: { 'login-ip:1.2.3.4': { start: 0, count: 5 } } }),
  );
  const security = await SecurityFile.open(dir);
  expect(security.admin).toEqual(admin);
  await security.addSession('s', { username: 'owner', expiresAt: Date.now() + 60_000 });
  expect(onDisk()).not.toHaveProperty('windows');
});
