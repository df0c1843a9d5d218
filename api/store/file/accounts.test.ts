import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { Account } from '../Store';
import { UsernameTakenError } from '../storeErrors';
import { systemClock } from '../../clock';
import { FileAccounts } from './accounts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const tempDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'accounts-')));
const onDisk = () =>
  JSON.parse(readFileSync(path.join(dir, 'security.json'), 'utf8')) as { accounts: Account[]; sessions: Record<string, unknown> };
const owner: Account = { id: 'a1', username: 'Owner', role: 'owner', passwordHash: 'scrypt$hash', createdAt: '2026-11-01T00:00:00.000Z' };
const later = () => Date.now() + 60_000;

test('changing a credential and ending that account’s other sessions is one write', async () => {
  const accounts = await FileAccounts.open(tempDir(), systemClock);
  await accounts.add(owner);
  await accounts.add({ ...owner, id: 'a2', username: 'staff1', role: 'staff' });
  await accounts.createSession('mine', { accountId: 'a1', expiresAt: later() });
  await accounts.createSession('theirs', { accountId: 'a1', expiresAt: later() });
  await accounts.createSession('colleague', { accountId: 'a2', expiresAt: later() });
  await accounts.update('a1', { passwordHash: 'scrypt$new' }, { keepSession: 'mine' });
  const saved = onDisk();
  expect(saved.accounts.find((account) => account.id === 'a1')!.passwordHash).toBe('scrypt$new');
  expect(Object.keys(saved.sessions).sort()).toEqual(['colleague', 'mine']);
});

test('usernames are unique without regard to case', async () => {
  const accounts = await FileAccounts.open(tempDir(), systemClock);
  expect(await accounts.add(owner)).toBe(true);
  expect(await accounts.add({ ...owner, id: 'a2', username: 'OWNER' })).toBe(false);
  expect((await accounts.find('owner'))?.id).toBe('a1');
  await accounts.add({ ...owner, id: 'a3', username: 'priya' });
  await expect(accounts.update('a3', { username: 'owner' })).rejects.toThrow(UsernameTakenError);
});

test('an expired session is not found, and is dropped at the next write; Object property names find nothing', async () => {
  const accounts = await FileAccounts.open(tempDir(), systemClock);
  await accounts.createSession('old', { accountId: 'a1', expiresAt: Date.now() - 1 });
  expect(await accounts.getSession('old')).toBeUndefined();
  await accounts.createSession('new', { accountId: 'a1', expiresAt: later() });
  expect(Object.keys(onDisk().sessions)).toEqual(['new']);
  expect(await accounts.getSession('constructor')).toBeUndefined();
  expect(await accounts.getSession('__proto__')).toBeUndefined();
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
  const accounts = await FileAccounts.open(dir, systemClock);
  const [account] = await accounts.list();
  expect(account).toMatchObject({ username: 'admin', role: 'owner', passwordHash: 'scrypt$x' });
  expect(await accounts.getSession('s')).toEqual({ accountId: account!.id, expiresAt });
  expect(onDisk()).not.toHaveProperty('windows');
  expect(onDisk()).not.toHaveProperty('admin');
});
