import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, inject } from 'vitest';
import { FileStore } from '../../api/store/file/FileStore';
import { PgStore } from '../../api/store/pg/PgStore';
import type { Store } from '../../api/store/Store';
import { manualClock, type ManualClock } from './manualClock';
import { createDatabase } from './postgres';
import { skipPostgres } from './postgresSetup';
import { removeDir, tempDataDir } from './server';

/**
 * What each test of a store's contract gets: a fresh store, the clock it runs on, a way to make
 * the second file of the store's next commit fail to be written (each store knows how: a file
 * store's revision file that cannot be written, a database that refuses the row), and a restart:
 * the store closed and its data opened again.
 */
export type FreshStore = () => Promise<{
  store: Store;
  clock: ManualClock;
  failSecondFileOfNextCommit: () => Promise<void>;
  restart: () => Promise<Store>;
}>;

/** One kind of store: where a fresh one keeps its data (a folder, a database), and how to open it there. */
interface StoreKind {
  name: string;
  skip: boolean;
  place: () => Promise<string>;
  open: (place: string, clock: ManualClock) => Promise<Store>;
  failSecondFileOfNextCommit: (place: string) => Promise<void>;
  remove: (place: string) => void;
}

const fileStore: StoreKind = {
  name: 'file store',
  skip: false,
  place: () => Promise.resolve(tempDataDir('file-store-')),
  open: (dir, clock) => FileStore.open(dir, clock),
  // Revision numbers are given out in the change's order: a folder where the second one's file goes cannot be written over.
  failSecondFileOfNextCommit: (dir) => {
    const { last } = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as { last: number };
    mkdirSync(path.join(dir, 'page-revisions', `${last + 2}.json`));
    return Promise.resolve();
  },
  remove: removeDir,
};

const postgresStore: StoreKind = {
  name: 'PostgreSQL store',
  skip: skipPostgres,
  // A database of its own in the unit project's one cluster (tests/helpers/postgresSetup.ts), which removes them all at the end.
  place: () => createDatabase(inject('postgresUrl')),
  open: (url, clock) => PgStore.open(url, 10, clock),
  // A trigger refuses the second revision the next commit writes.
  failSecondFileOfNextCommit: async (url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`
        CREATE FUNCTION refuse_second() RETURNS trigger AS $$
        BEGIN
          IF (SELECT count(*) FROM page_revisions WHERE commit_id = NEW.commit_id) >= 1 THEN
            RAISE EXCEPTION 'the disk is full';
          END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_second BEFORE INSERT ON page_revisions FOR EACH ROW EXECUTE FUNCTION refuse_second();
      `);
    } finally {
      await client.end();
    }
  },
  remove: () => undefined,
};

/**
 * Runs one part's contract against the file store and against PostgreSQL, each in a describe of its
 * own named `<store>: <what>` (the way Hono's cache adapters share one contract): the routes must
 * not be able to tell the two apart. Time is a clock the tests move, never a wait. Each store a
 * test opened is closed, and its data removed, once the test ends.
 */
export function eachStore(what: string, contract: (fresh: FreshStore) => void) {
  for (const kind of [fileStore, postgresStore]) {
    describe.skipIf(kind.skip)(`${kind.name}: ${what}`, () => {
      const opened = new Set<Store>();
      const places = new Set<string>();
      afterEach(async () => {
        await Promise.all([...opened].map((store) => store.close()));
        opened.clear();
        places.forEach(kind.remove);
        places.clear();
      });
      contract(async () => {
        const clock = manualClock();
        const place = await kind.place();
        places.add(place);
        let store = await kind.open(place, clock);
        opened.add(store);
        const restart = async () => {
          await store.close();
          opened.delete(store);
          store = await kind.open(place, clock);
          opened.add(store);
          return store;
        };
        return { store, clock, failSecondFileOfNextCommit: () => kind.failSecondFileOfNextCommit(place), restart };
      });
    });
  }
}
