import { afterAll, describe } from 'vitest';
import { manualClock, type ManualClock } from '../../tests/helpers/manualClock';
import { accountContract } from './contract/accountContract';
import { applicationContract } from './contract/applicationContract';
import { assignmentContract } from './contract/assignmentContract';
import { dailyListContract } from './contract/dailyListContract';
import { documentContract } from './contract/documentContract';
import { enquiryContract } from './contract/enquiryContract';
import { firstResponseContract } from './contract/firstResponseContract';
import { importContract } from './contract/importContract';
import { pageContract } from './contract/pageContract';
import { pictureContract } from './contract/pictureContract';
import { pipelineContract } from './contract/pipelineContract';
import { visitContract } from './contract/visitContract';
import { privacyContract } from './contract/privacyContract';
import { signInContract } from './contract/signInContract';
import { submissionContract } from './contract/submissionContract';
import type { Store } from './Store';

/** A fresh, empty store on the clock given; the suite closes it afterwards. */
export type OpenStore = (clock: ManualClock) => Promise<Store>;
/** The same data opened again, as a restarted server would, once `store` is closed. */
export type ReopenStore = (store: Store, clock: ManualClock) => Promise<Store>;
/**
 * What each test of the contract gets: a fresh store, the clock it runs on, a way to make
 * the second file of the store's next commit fail to be written (each store knows how: a
 * file store's revision file that cannot be written, a database that refuses the row), and
 * a restart: the store closed and its data opened again.
 */
export type FreshStore = () => Promise<{
  store: Store;
  clock: ManualClock;
  failSecondFileOfNextCommit: () => Promise<void>;
  restart: () => Promise<Store>;
}>;

/**
 * The behaviour every store must have, as one suite each store's own test file runs (the
 * way Hono's cache adapters share one contract): the routes must not be able to tell the
 * file store and PostgreSQL apart. Time is a clock the tests move, never a wait.
 */
export function storeContract(
  name: string,
  open: OpenStore,
  failSecondFileOfNextCommit: (store: Store) => Promise<void>,
  reopen: ReopenStore,
) {
  const opened = new Set<Store>();
  afterAll(() => Promise.all([...opened].map((store) => store.close())));
  const fresh: FreshStore = async () => {
    const clock = manualClock();
    let store = await open(clock);
    opened.add(store);
    const restart = async () => {
      await store.close();
      opened.delete(store);
      store = await reopen(store, clock);
      opened.add(store);
      return store;
    };
    return { store, clock, failSecondFileOfNextCommit: () => failSecondFileOfNextCommit(store), restart };
  };
  describe(`${name}: enquiries, the desk and the outbox`, () => enquiryContract(fresh));
  describe(`${name}: accounts, sessions, windows and the audit log`, () => accountContract(fresh));
  describe(`${name}: owners, second factors, idle sessions and challenges`, () => signInContract(fresh));
  describe(`${name}: privacy requests, one person's data, erasure and retention`, () => privacyContract(fresh));
  describe(`${name}: page drafts, publishes, conflicts and revisions`, () => pageContract(fresh));
  describe(`${name}: uploaded pictures`, () => pictureContract(fresh));
  describe(`${name}: changes waiting for an owner's review`, () => submissionContract(fresh));
  describe(`${name}: visit counts and where enquiries came from`, () => visitContract(fresh));
  describe(`${name}: taking in what another store kept`, () => importContract(fresh));
  describe(`${name}: each enquiry's advisor`, () => assignmentContract(fresh));
  describe(`${name}: the first-response clock and its escalation`, () => firstResponseContract(fresh));
  describe(`${name}: applications to lenders`, () => applicationContract(fresh));
  describe(`${name}: the advisors' daily list`, () => dailyListContract(fresh));
  describe(`${name}: the pipeline report`, () => pipelineContract(fresh));
  describe(`${name}: documents through a private link`, () => documentContract(fresh));
}
