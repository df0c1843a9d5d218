import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { Account } from '../Store';
import { UsernameTakenError } from '../storeErrors';
import { systemClock } from '../../clock';
import { SecurityFile } from './securityFile';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const tempDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'security-')));
const onDisk = () =>
  JSON.parse(readFileSync(path.join(dir, 'security.json'), 'utf8')) as { accounts: Account[]; sessions: Record<string, unknown> };
const owner: Account = { id: 'a1', username: 'Owner', role: 'owner', passwordHash: 'scrypt$hash', createdAt: '2026-11-01T00:00:00.000Z' };
const later = () => Date.now() + 60_000;

test('changing a credential and ending that account’s other sessions is one write', async () => {
  const security = await SecurityFile.open(tempDir(), systemClock);
  await security.add(owner);
  await security.add({ ...owner, id: 'a2', username: 'staff1', role: 'staff' });
  await security.addSession('mine', { accountId: 'a1', expiresAt: later() });
  await security.addSession('theirs', { accountId: 'a1', expiresAt: later() });
  await security.addSession('colleague', { accountId: 'a2', expiresAt: later() });
  await security.update('a1', { passwordHash: 'scrypt$new' }, { keepSession: 'mine' });
  const saved = onDisk();
  expect(saved.accounts.find((account) => account.id === 'a1')!.passwordHash).toBe('scrypt$new');
  expect(Object.keys(saved.sessions).sort()).toEqual(['colleague', 'mine']);
});

test('usernames are unique without regard to case', async () => {
  const security = await SecurityFile.open(tempDir(), systemClock);
  expect(await security.add(owner)).toBe(true);
  expect(await security.add({ ...owner, id: 'a2', username: 'OWNER' })).toBe(false);
  expect(security.find('owner')?.id).toBe('a1');
  await security.add({ ...owner, id: 'a3', username: 'priya' });
  await expect(security.update('a3', { username: 'owner' })).rejects.toThrow(UsernameTakenError);
});

test('an expired session is not found, and is dropped at the next write; Object property names find nothing', async () => {
  const security = await SecurityFile.open(tempDir(), systemClock);
  await security.addSession('old', { accountId: 'a1', expiresAt: Date.now() - 1 });
  expect(security.session('old')).toBeUndefined();
  await security.addSession('new', { accountId: 'a1', expiresAt: later() });
  expect(Object.keys(onDisk().sessions)).toEqual(['new']);
  expect(security.session('constructor')).toBeUndefined();
  expect(security.session('__proto__')).toBeUndefined();
});

test('the one admin of an older version becomes the first owner, keeping its sessions; counters are dropped', async () => {
  tempDir();
  const expiresAt = later();
  writeFileSync(
    path.join(dir, 'security.json'),
    JSON.stringify({
      admin: { username: 'admin', passwordHash: 'scrypt$x' },
      sessions: { s: { username: 'admin', expiresAt } },
      windows: { k: { start: 0, count: 5 } },
    }),
  );
  const security = await SecurityFile.open(dir, systemClock);
  const [account] = security.accounts;
  expect(account).toMatchObject({ username: 'admin', role: 'owner', passwordHash: 'scrypt$x' });
  expect(security.session('s')).toEqual({ accountId: account!.id, expiresAt });
  expect(onDisk()).not.toHaveProperty('windows');
  expect(onDisk()).not.toHaveProperty('admin');
});
