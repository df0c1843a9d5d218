import { afterEach, expect, test } from 'vitest';
import { createApiApp } from '../app';
import { readConfig } from '../config';
import { FileStore } from '../store/file/FileStore';
import { removeDir, tempDataDir } from '../../tests/helpers/server';

let store: FileStore | undefined;
let dataDir = '';
afterEach(async () => {
  await store?.close();
  removeDir(dataDir);
});

test('with no admin in the store, a login gets "No username or password found in the system."', async () => {
  dataDir = tempDataDir();
  store = await FileStore.open(dataDir);
  const app = createApiApp({ store, config: readConfig({ DATA_DIR: dataDir }), log: () => {} });
  const response = await app.request(
    'http://site.test/admin/login',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://site.test' },
      body: JSON.stringify({ username: 'admin', password: 'anything' }),
    },
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
  );
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ message: 'No username or password found in the system.' });
});
