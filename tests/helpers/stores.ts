import { inject, afterAll } from 'vitest';
import { FileStore } from '../../api/store/file/FileStore';
import { PgStore } from '../../api/store/pg/PgStore';
import type { Account, NewEnquiry, Store } from '../../api/store/Store';
import { createDatabase } from './postgres';
import { removeDir, tempDataDir } from './server';

/**
 * Both stores, for contract tests: the routes must not be able to tell them apart. Call
 * from a test file; what it opens is closed after the file's tests.
 */
export function useStores(): [string, () => Promise<Store>][] {
  const opened: Store[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    dirs.forEach(removeDir);
  });
  const keep = (store: Store) => (opened.push(store), store);
  return [
    [
      'file store',
      async () => {
        const dir = tempDataDir();
        dirs.push(dir);
        return keep(await FileStore.open(dir));
      },
    ],
    ['PostgreSQL store', async () => keep(await PgStore.open(await createDatabase(inject('postgresUrl')), 10))],
  ];
}

export const contact = (message: string, extra: Partial<Record<string, string>> = {}): NewEnquiry => ({
  form: 'contact',
  fields: { name: 'Contract', number: '+919876543210', enquiry: 'other', message, ...extra },
});
export const about = (name: string, phoneno = '+919822012345'): NewEnquiry => ({
  form: 'about',
  fields: { name, address: 'Waluj', message: 'Hello', phoneno },
});
export const account = (username: string, role: Account['role'] = 'staff'): Account => ({
  id: `id-${username}`,
  username,
  role,
  passwordHash: 'scrypt$1$1$1$a$b',
  createdAt: '2026-11-01T00:00:00.000Z',
});
