import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';
import { removeDir, tempDataDir } from '../../../tests/helpers/server';
import { storeContract } from '../storeContract';
import type { Store } from '../Store';
import { FileStore } from './FileStore';

const dirs = new Map<Store, string>();
afterAll(() => [...dirs.values()].forEach(removeDir));

storeContract(
  'file store',
  async (clock) => {
    const dir = tempDataDir('file-store-');
    const store = await FileStore.open(dir, clock);
    dirs.set(store, dir);
    return store;
  },
  // Revision numbers are given out in the change's order: a folder where the second one's file goes cannot be written over.
  (store) => {
    const dir = dirs.get(store)!;
    const { last } = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as { last: number };
    mkdirSync(path.join(dir, 'page-revisions', `${last + 2}.json`));
    return Promise.resolve();
  },
  async (closed, clock) => {
    const dir = dirs.get(closed)!;
    const store = await FileStore.open(dir, clock);
    dirs.set(store, dir);
    return store;
  },
);
