import { afterEach } from 'vitest';
import { FileStore } from '../../api/store/file/FileStore';
import { DEPLOYED } from '../../src/shared/changeSet';
import { removeDir, tempDataDir } from './server';

const by = { id: 'id-asha', username: 'asha' };

/**
 * For a unit test of the server's modules: `freshStore()` opens a file store in a new folder,
 * closed and removed after each test, and `draft` saves a file's draft in it as the page editor would.
 */
export function useFreshStore() {
  const opened: { store: FileStore; dir: string }[] = [];
  afterEach(async () => {
    for (const { store, dir } of opened.splice(0)) {
      await store.close();
      removeDir(dir);
    }
  });
  return async function freshStore() {
    const dir = tempDataDir('site-unit-');
    const store = await FileStore.open(dir);
    opened.push({ store, dir });
    /** Saves `text` as the draft of `file`, over its newest revision; the draft's revision. */
    async function draft(file: string, text: string): Promise<string> {
      const basedOn = (await store.pages.pageState(file))?.head ?? DEPLOYED;
      const saved = await store.pages.saveDrafts({ files: [{ path: file, text, basedOn }] }, by);
      if (!('drafts' in saved)) throw new Error(`The draft of ${file} was refused`);
      return saved.drafts[0]!.revision;
    }
    /** Publishes `text` as `file`, as if over the deployed file. */
    async function publish(file: string, text: string): Promise<string> {
      const basedOn = await draft(file, text);
      const done = await store.pages.commit(by, () =>
        Promise.resolve({ change: { files: [{ path: file, text, basedOn, deployedHash: null, keepDraft: false }] } }),
      );
      if (!('commit' in done)) throw new Error(`${file} was not published`);
      return done.commit.revisions[0]!.revision;
    }
    return { store, dir, draft, publish };
  };
}
