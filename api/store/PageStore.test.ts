import path from 'node:path';
import { expect, test } from 'vitest';
import { diskFolder } from '../../src/content/contentFolder';
import type { ChangeSet } from '../../src/shared/changeSet';
import { DEPLOYED, NO_COMMIT, type PageStore, type PublishedChange } from './PageStore';
import { eachStore } from '../../tests/helpers/eachStore';
import { by } from '../../tests/helpers/storeFixtures';

const PAGE = 'clcss.yaml';
const V1 = 'title: One\n';
const V2 = 'title: Two # kept as typed\n';

const drafts = (...files: [path: string, text: string, basedOn: string][]): ChangeSet => ({
  files: files.map(([file, text, basedOn]) => ({ path: file, text, basedOn })),
});

/** A change to publish, each file over no deployed version and its draft gone unless kept. */
const change = (files: [path: string, text: string | null, basedOn: string, keepDraft?: boolean][], note?: string): PublishedChange => ({
  files: files.map(([file, text, basedOn, keepDraft = false]) => ({ path: file, text, basedOn, deployedHash: null, keepDraft })),
  ...(note && { note }),
});

/** Publishes `published` with no plan to make: the store's side of a publish. */
const publish = (store: { pages: PageStore }, published: PublishedChange, who = 'asha') =>
  store.pages.commit(by(who), () => Promise.resolve({ change: published }));

/** Drafts, publishes, conflicts and revisions: what the page editor relies on, the same on both stores. */
eachStore('page drafts, publishes, conflicts and revisions', (fresh) => {
  test('every file of pages-data comes back byte for byte, as a draft and as a publish', async () => {
    const { store } = await fresh();
    const folder = diskFolder(path.resolve(import.meta.dirname, '../../pages-data'));
    const files = folder.files.filter((file) => file.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const saved = await store.pages.saveDrafts(drafts([file, folder.read(file), DEPLOYED]), by('asha'));
      if (!('drafts' in saved)) throw new Error(`${file} was refused`);
      const published = await publish(store, change([[file, folder.read(file), saved.drafts[0]!.revision]]));
      if (!('commit' in published)) throw new Error(`${file} was not published`);
    }
    const states = new Map((await store.pages.pageStates()).map((state) => [state.file, state.published?.source]));
    for (const file of files) expect(states.get(file), file).toBe(folder.read(file));
  }, 60_000);

  test('a draft starts from the deployed file, and a save from anything but the newest revision is a conflict naming it', async () => {
    const { store, clock } = await fresh();
    expect(await store.pages.pageState(PAGE)).toBeUndefined();
    expect(await store.pages.saveDrafts(drafts([PAGE, V1, '7']), by('asha'))).toEqual({
      conflict: { file: PAGE, revision: DEPLOYED, source: null, draft: false },
    });
    const first = await store.pages.saveDrafts(drafts([PAGE, V1, DEPLOYED]), by('asha'));
    if (!('drafts' in first)) throw new Error('the first save was refused');
    expect(first.drafts[0]).toEqual({
      source: V1,
      revision: first.drafts[0]!.revision,
      basedOn: DEPLOYED,
      at: new Date(clock.now()).toISOString(),
      by: by('asha'),
    });
    expect(await store.pages.saveDrafts(drafts([PAGE, V2, DEPLOYED]), by('priya'))).toEqual({
      conflict: { file: PAGE, revision: first.drafts[0]!.revision, source: V1, draft: true },
    });
    const second = await store.pages.saveDrafts(drafts([PAGE, V2, first.drafts[0]!.revision]), by('asha'));
    if (!('drafts' in second)) throw new Error('a save from the newest revision was refused');
    expect(Number(second.drafts[0]!.revision)).toBeGreaterThan(Number(first.drafts[0]!.revision));
    expect(await store.pages.pageState(PAGE)).toEqual({ file: PAGE, head: second.drafts[0]!.revision, draft: second.drafts[0] });
  });

  test('drafts of several files are saved together or not at all', async () => {
    const { store } = await fresh();
    const english = await store.pages.saveDrafts(drafts(['_site.yaml', V1, DEPLOYED]), by('asha'));
    if (!('drafts' in english)) throw new Error('save refused');
    // The Marathi file is new; the English one is based on an old revision: neither is written.
    expect(await store.pages.saveDrafts(drafts(['mr/_site.yaml', V2, DEPLOYED], ['_site.yaml', V2, DEPLOYED]), by('priya'))).toMatchObject({
      conflict: { file: '_site.yaml', revision: english.drafts[0]!.revision },
    });
    expect(await store.pages.pageState('mr/_site.yaml')).toBeUndefined();
    const both = await store.pages.saveDrafts(
      drafts(['mr/_site.yaml', V2, DEPLOYED], ['_site.yaml', V2, english.drafts[0]!.revision]),
      by('priya'),
    );
    if (!('drafts' in both)) throw new Error('save refused');
    expect(both.drafts.map((draft) => draft.source)).toEqual([V2, V2]);
  });

  test('of two saves from the same revision at once, exactly one is written and the other is told what is there', async () => {
    const { store } = await fresh();
    const existing = await store.pages.saveDrafts(drafts(['clcss.yaml', V1, DEPLOYED]), by('asha'));
    if (!('drafts' in existing)) throw new Error('save refused');
    for (const [file, basedOn] of [
      ['new.yaml', DEPLOYED],
      ['clcss.yaml', existing.drafts[0]!.revision],
    ] as const) {
      const results = await Promise.all([
        store.pages.saveDrafts(drafts([file, V1, basedOn]), by('asha')),
        store.pages.saveDrafts(drafts([file, V2, basedOn]), by('priya')),
      ]);
      const saved = results.flatMap((result) => ('drafts' in result ? result.drafts : []));
      const refused = results.flatMap((result) => ('conflict' in result ? [result.conflict] : []));
      expect(saved).toHaveLength(1);
      expect(refused).toEqual([{ file, revision: saved[0]!.revision, source: saved[0]!.source, draft: true }]);
      expect((await store.pages.pageState(file))?.draft?.source).toBe(saved[0]!.source);
    }
  });

  test('a draft is discarded only from its own revision: a file never published is forgotten, a published one is live again, and it survives a restart', async () => {
    const { store, restart } = await fresh();
    const fresh1 = await store.pages.saveDrafts(drafts(['new.yaml', V1, DEPLOYED]), by('asha'));
    if (!('drafts' in fresh1)) throw new Error('save refused');
    expect(await store.pages.discardDraft('new.yaml', DEPLOYED)).toMatchObject({
      conflict: { file: 'new.yaml', revision: fresh1.drafts[0]!.revision, draft: true },
    });
    expect(await store.pages.discardDraft('new.yaml', fresh1.drafts[0]!.revision)).toEqual({
      discarded: { head: DEPLOYED, forgotten: true },
    });
    expect(await store.pages.pageState('new.yaml')).toBeUndefined();
    expect(await store.pages.discardDraft('new.yaml', DEPLOYED)).toEqual({ noDraft: true });

    const live = await publish(store, change([[PAGE, V1, DEPLOYED]]));
    if (!('commit' in live)) throw new Error('publish refused');
    const published = live.commit.revisions[0]!;
    const draft = await store.pages.saveDrafts(drafts([PAGE, V2, published.revision]), by('priya'));
    if (!('drafts' in draft)) throw new Error('save refused');
    expect(await store.pages.discardDraft(PAGE, draft.drafts[0]!.revision)).toEqual({
      discarded: { head: published.revision, forgotten: false },
    });
    expect(await store.pages.discardDraft(PAGE, published.revision)).toEqual({ noDraft: true });
    const reopened = await restart();
    expect(await reopened.pages.pageState(PAGE)).toEqual({ file: PAGE, head: published.revision, published });
    expect(await reopened.pages.pageState('new.yaml')).toBeUndefined();
    // The next save starts from what is live.
    expect(await reopened.pages.saveDrafts(drafts([PAGE, V2, published.revision]), by('priya'))).toHaveProperty('drafts');
  });

  test('a publish is one commit with who, when and the note; it ends the drafts and moves the latest commit', async () => {
    const { store, clock } = await fresh();
    expect(await store.pages.latestCommit()).toBe(NO_COMMIT);
    const draft = await store.pages.saveDrafts(drafts([PAGE, V1, DEPLOYED], ['mr/clcss.yaml', V2, DEPLOYED]), by('asha'));
    if (!('drafts' in draft)) throw new Error('save refused');
    await clock.advance(60_000);
    expect(await publish(store, change([[PAGE, V1, DEPLOYED]]))).toMatchObject({
      conflict: { file: PAGE, revision: draft.drafts[0]!.revision },
    });
    const one = await publish(
      store,
      change(
        [
          [PAGE, V1, draft.drafts[0]!.revision],
          ['mr/clcss.yaml', V2, draft.drafts[1]!.revision],
        ],
        'New rate',
      ),
    );
    if (!('commit' in one)) throw new Error('publish refused');
    const [english, marathi] = one.commit.revisions;
    expect(english).toEqual({
      revision: english!.revision,
      commit: one.commit.id,
      at: new Date(clock.now()).toISOString(),
      by: by('asha'),
      note: 'New rate',
      source: V1,
      deployedHash: null,
    });
    expect(marathi).toMatchObject({ commit: one.commit.id, source: V2 });
    expect(await store.pages.latestCommit()).toBe(one.commit.id);
    expect(await store.pages.pageState(PAGE)).toEqual({ file: PAGE, head: english!.revision, published: english });
    expect((await store.pages.publishedSince(NO_COMMIT)).map((state) => state.file)).toEqual([PAGE, 'mr/clcss.yaml']);

    const two = await publish(store, change([[PAGE, V2, english!.revision]]), 'priya');
    if (!('commit' in two)) throw new Error('publish refused');
    expect(Number(two.commit.id)).toBeGreaterThan(Number(one.commit.id));
    expect(two.commit.revisions[0]).not.toHaveProperty('note');
    expect((await store.pages.publishedSince(one.commit.id)).map((state) => [state.file, state.published?.source])).toEqual([[PAGE, V2]]);
    expect(await store.pages.publishedSince(two.commit.id)).toEqual([]);
    expect((await store.pages.pageRevisions(PAGE)).map((revision) => [revision.revision, revision.source])).toEqual([
      [two.commit.revisions[0]!.revision, V2],
      [english!.revision, V1],
    ]);
    expect(await store.pages.pageRevision(PAGE, english!.revision)).toEqual(english);
    expect(await store.pages.pageRevision('other.yaml', english!.revision)).toBeUndefined();
    expect(await store.pages.pageRevision(PAGE, 'not-a-number')).toBeUndefined();
  });

  test('a change set is committed whole or not at all: one file based on an old revision, or refused by its plan, writes nothing', async () => {
    const { store } = await fresh();
    const first = await publish(store, change([['about.yaml', V1, DEPLOYED]]));
    if (!('commit' in first)) throw new Error('publish refused');
    expect(
      await publish(
        store,
        change([
          [PAGE, V1, DEPLOYED],
          ['about.yaml', V2, DEPLOYED],
        ]),
      ),
    ).toMatchObject({ conflict: { file: 'about.yaml' } });
    expect(await store.pages.commit(by('asha'), () => Promise.resolve({ refused: 'the plan says no' }))).toEqual({
      refused: 'the plan says no',
    });
    expect(await store.pages.pageState(PAGE)).toBeUndefined();
    expect(await store.pages.latestCommit()).toBe(first.commit.id);
    expect(await store.pages.publishedSince(first.commit.id)).toEqual([]);
  });

  test('a change set whose second file cannot be written leaves no trace of the first', async () => {
    const { store, failSecondFileOfNextCommit } = await fresh();
    const first = await publish(store, change([['about.yaml', V1, DEPLOYED]]));
    if (!('commit' in first)) throw new Error('publish refused');
    await failSecondFileOfNextCommit();
    await expect(
      publish(
        store,
        change([
          [PAGE, V1, DEPLOYED],
          ['about.yaml', V2, first.commit.revisions[0]!.revision],
        ]),
      ),
    ).rejects.toThrow();
    expect(await store.pages.pageState(PAGE)).toBeUndefined();
    expect((await store.pages.pageState('about.yaml'))?.published?.source).toBe(V1);
    expect(await store.pages.latestCommit()).toBe(first.commit.id);
    expect(await store.pages.publishedSince(first.commit.id)).toEqual([]);
  });

  test('the plan is made against the latest commit, and no other commit is made meanwhile', async () => {
    const { store } = await fresh();
    const seen: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const planning = new Promise<void>((resolve) => (entered = resolve));
    const slow = store.pages.commit(by('asha'), async (latest) => {
      seen.push(`slow saw ${latest}`);
      entered();
      await held;
      return { change: change([[PAGE, V1, DEPLOYED]]) };
    });
    // The second commit starts only once the first is planning, so it is the one that must wait.
    await planning;
    const quick = store.pages.commit(by('priya'), (latest) => {
      seen.push(`quick saw ${latest}`);
      return Promise.resolve({ change: change([['about.yaml', V1, DEPLOYED]]) });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const [one, two] = await Promise.all([slow, quick]);
    if (!('commit' in one) || !('commit' in two)) throw new Error('refused');
    expect(seen).toEqual([`slow saw ${NO_COMMIT}`, `quick saw ${one.commit.id}`]);
  });

  test('a rollback can keep the draft in progress, and a removal is a revision with no bytes', async () => {
    const { store } = await fresh();
    const first = await publish(store, change([[PAGE, V1, DEPLOYED]]));
    if (!('commit' in first)) throw new Error('publish refused');
    const draft = await store.pages.saveDrafts(drafts([PAGE, V2, first.commit.revisions[0]!.revision]), by('asha'));
    if (!('drafts' in draft)) throw new Error('save refused');
    const again = await publish(store, change([[PAGE, V1, draft.drafts[0]!.revision, true]]), 'priya');
    if (!('commit' in again)) throw new Error('rollback refused');
    expect(await store.pages.pageState(PAGE)).toEqual({
      file: PAGE,
      head: again.commit.revisions[0]!.revision,
      published: again.commit.revisions[0],
      draft: draft.drafts[0],
    });
    const removed = await publish(store, change([[PAGE, null, again.commit.revisions[0]!.revision]]));
    expect(removed).toMatchObject({ commit: { revisions: [{ source: null }] } });
    expect((await store.pages.pageStates()).map((entry) => [entry.file, entry.published?.source, entry.draft])).toEqual([
      [PAGE, null, undefined],
    ]);
  });

  test('__proto__ and constructor are files like any other: absent until written', async () => {
    const { store } = await fresh();
    for (const file of ['__proto__', 'constructor', 'toString']) {
      expect(await store.pages.pageState(file)).toBeUndefined();
      expect(await store.pages.pageRevisions(file)).toEqual([]);
      expect(await store.pages.pageRevision(file, '1')).toBeUndefined();
    }
  });
});
