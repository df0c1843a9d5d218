import { afterAll } from 'vitest';
import { removeDir, tempDataDir } from '../../../tests/helpers/server';
import { storeContract } from '../storeContract';
import { FileStore } from './FileStore';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

storeContract('file store', (clock) => {
  const dir = tempDataDir('file-store-');
  dirs.push(dir);
  return FileStore.open(dir, clock);
});
