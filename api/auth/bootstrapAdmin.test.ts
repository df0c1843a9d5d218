import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { FileStore } from '../store/file/FileStore';
import { removeDir, tempDataDir } from '../../tests/helpers/server';
import { bootstrapAdmin, FIRST_PASSWORD_FILE, forgetFirstPassword } from './bootstrapAdmin';
import { verifyPassword } from './passwordHash';

let dir = '';
let store: FileStore | undefined;
afterEach(async () => {
  await store?.close();
  removeDir(dir);
});

async function fresh() {
  dir = tempDataDir();
  store = await FileStore.open(dir);
  return store;
}

test('the first start writes a generated password to a private file, says where, and marks it for change', async () => {
  const printed: string[] = [];
  await bootstrapAdmin(await fresh(), {}, dir, (text) => printed.push(text));
  const file = path.join(dir, FIRST_PASSWORD_FILE);
  const password = /^password: (\S{16})$/m.exec(readFileSync(file, 'utf8'))![1]!;
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(printed.join('\n')).toContain(file);
  expect(printed.join('\n')).not.toContain(password);
  const [owner] = await store!.accounts.list();
  expect(owner).toMatchObject({ username: 'admin', role: 'owner', mustChangePassword: true });
  expect(await verifyPassword(password, owner!.passwordHash)).toBe(true);
  forgetFirstPassword(dir);
  expect(existsSync(file)).toBe(false);
});

test('ADMIN_USERNAME and ADMIN_PASSWORD make the first owner, unless the password is too common', async () => {
  await expect(
    bootstrapAdmin(await fresh(), { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'password1' }, dir, () => undefined),
  ).rejects.toThrow(/ADMIN_PASSWORD cannot be used\. .*most common/);
  await bootstrapAdmin(store!, { ADMIN_USERNAME: ' boss ', ADMIN_PASSWORD: 'a good long one' }, dir, () => undefined);
  expect((await store!.accounts.list()).map((account) => [account.username, account.role])).toEqual([['boss', 'owner']]);
  const printed: string[] = [];
  await bootstrapAdmin(store!, { ADMIN_PASSWORD: 'ignored now' }, dir, (text) => printed.push(text));
  expect(printed.join()).toMatch(/already exists, so it was ignored/);
  expect(existsSync(path.join(dir, FIRST_PASSWORD_FILE))).toBe(false);
});
