import path from 'node:path';
import { expect, test } from 'vitest';
import { diskFolder } from '../../../src/content/contentFolder';
import { DEPLOYED } from '../PageStore';
import type { FreshStore } from '../storeContract';
import { by } from './fixtures';

const PAGE = 'clcss.yaml';
const V1 = 'title: One\n';
const V2 = 'title: Two # kept as typed\n';

/** Drafts, publishes, conflicts and revisions: what the page editor relies on, the same on both stores. */
export function pageContract(fresh: FreshStore) {
  test('every file of pages-data comes back byte for byte, as a draft and as a publish', async () => {
    const { store } = await fresh();
    const folder = diskFolder(path.resolve(import.meta.dirname, '../../../pages-data'));
    const files = folder.files.filter((file) => file.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const source = folder.read(file);
      const saved = await store.pages.saveDraft(file, { source, basedOn: DEPLOYED }, by('asha'));
      if (!('draft' in saved)) throw new Error(`${file} was refused`);
      const published = await store.pages.publishPage(file, { source, basedOn: saved.draft.revision, deployedHash: null }, by('asha'));
      if (!('published' in published)) throw new Error(`${file} was not published`);
    }
    const states = new Map((await store.pages.pageStates()).map((state) => [state.file, state.published?.source]));
    for (const file of files) expect(states.get(file), file).toBe(folder.read(file));
  }, 60_000);

  test('a draft starts from the deployed file, and a save from anything but the newest revision is a conflict naming it', async () => {
    const { store, clock } = await fresh();
    expect(await store.pages.pageState(PAGE)).toBeUndefined();
    expect(await store.pages.saveDraft(PAGE, { source: V1, basedOn: '7' }, by('asha'))).toEqual({
      conflict: { revision: DEPLOYED, source: null, draft: false },
    });
    const first = await store.pages.saveDraft(PAGE, { source: V1, basedOn: DEPLOYED }, by('asha'));
    if (!('draft' in first)) throw new Error('the first save was refused');
    expect(first.draft).toEqual({
      source: V1,
      revision: first.draft.revision,
      basedOn: DEPLOYED,
      at: new Date(clock.now()).toISOString(),
      by: by('asha'),
    });
    expect(await store.pages.saveDraft(PAGE, { source: V2, basedOn: DEPLOYED }, by('priya'))).toEqual({
      conflict: { revision: first.draft.revision, source: V1, draft: true },
    });
    const second = await store.pages.saveDraft(PAGE, { source: V2, basedOn: first.draft.revision }, by('asha'));
    if (!('draft' in second)) throw new Error('a save from the newest revision was refused');
    expect(Number(second.draft.revision)).toBeGreaterThan(Number(first.draft.revision));
    expect(await store.pages.pageState(PAGE)).toEqual({ file: PAGE, head: second.draft.revision, draft: second.draft });
  });

  test('of two saves from the same revision at once, exactly one is written and the other is told what is there', async () => {
    const { store } = await fresh();
    const existing = await store.pages.saveDraft('clcss.yaml', { source: V1, basedOn: DEPLOYED }, by('asha'));
    if (!('draft' in existing)) throw new Error('save refused');
    for (const [file, basedOn] of [
      ['new.yaml', DEPLOYED],
      ['clcss.yaml', existing.draft.revision],
    ] as const) {
      const results = await Promise.all([
        store.pages.saveDraft(file, { source: V1, basedOn }, by('asha')),
        store.pages.saveDraft(file, { source: V2, basedOn }, by('priya')),
      ]);
      const saved = results.flatMap((result) => ('draft' in result ? [result.draft] : []));
      const refused = results.flatMap((result) => ('conflict' in result ? [result.conflict] : []));
      expect(saved).toHaveLength(1);
      expect(refused).toEqual([{ revision: saved[0]!.revision, source: saved[0]!.source, draft: true }]);
      expect((await store.pages.pageState(file))?.draft?.source).toBe(saved[0]!.source);
    }
  });

  test('publishing makes a revision with who, when and the note, ends the draft, and moves the published mark', async () => {
    const { store, clock } = await fresh();
    const markBefore = await store.pages.publishedMark();
    const draft = await store.pages.saveDraft(PAGE, { source: V1, basedOn: DEPLOYED }, by('asha'));
    if (!('draft' in draft)) throw new Error('save refused');
    await clock.advance(60_000);
    const stale = await store.pages.publishPage(PAGE, { source: V1, basedOn: DEPLOYED, deployedHash: 'abc' }, by('asha'));
    expect(stale).toMatchObject({ conflict: { revision: draft.draft.revision } });
    const one = await store.pages.publishPage(
      PAGE,
      { source: V1, basedOn: draft.draft.revision, note: 'New rate', deployedHash: 'abc' },
      by('asha'),
    );
    if (!('published' in one)) throw new Error('publish refused');
    expect(one.published).toEqual({
      revision: one.published.revision,
      at: new Date(clock.now()).toISOString(),
      by: by('asha'),
      note: 'New rate',
      source: V1,
      deployedHash: 'abc',
    });
    expect(await store.pages.pageState(PAGE)).toEqual({ file: PAGE, head: one.published.revision, published: one.published });
    expect(Number(await store.pages.publishedMark())).toBeGreaterThan(Number(markBefore));

    const two = await store.pages.publishPage(PAGE, { source: V2, basedOn: one.published.revision, deployedHash: null }, by('priya'));
    if (!('published' in two)) throw new Error('publish refused');
    expect(two.published).not.toHaveProperty('note');
    expect((await store.pages.pageRevisions(PAGE)).map((revision) => [revision.revision, revision.source])).toEqual([
      [two.published.revision, V2],
      [one.published.revision, V1],
    ]);
    expect(await store.pages.pageRevision(PAGE, one.published.revision)).toEqual(one.published);
    expect(await store.pages.pageRevision('other.yaml', one.published.revision)).toBeUndefined();
    expect(await store.pages.pageRevision(PAGE, 'not-a-number')).toBeUndefined();
    expect(Number(await store.pages.publishedMark())).toBeGreaterThan(Number(markBefore) + Number(one.published.revision));
    const other = await store.pages.publishPage('about.yaml', { source: V1, basedOn: DEPLOYED, deployedHash: null }, by('asha'));
    if (!('published' in other)) throw new Error('publish refused');
    expect(await store.pages.publishedMark()).toBe(String(Number(two.published.revision) + Number(other.published.revision)));
  });

  test('a rollback can keep the draft in progress, and a removal is a revision with no bytes', async () => {
    const { store } = await fresh();
    const first = await store.pages.publishPage(PAGE, { source: V1, basedOn: DEPLOYED, deployedHash: null }, by('asha'));
    if (!('published' in first)) throw new Error('publish refused');
    const draft = await store.pages.saveDraft(PAGE, { source: V2, basedOn: first.published.revision }, by('asha'));
    if (!('draft' in draft)) throw new Error('save refused');
    const again = await store.pages.publishPage(
      PAGE,
      { source: V1, basedOn: draft.draft.revision, deployedHash: null, keepDraft: true },
      by('priya'),
    );
    if (!('published' in again)) throw new Error('rollback refused');
    const state = await store.pages.pageState(PAGE);
    expect(state).toEqual({ file: PAGE, head: again.published.revision, published: again.published, draft: draft.draft });
    const removed = await store.pages.publishPage(
      PAGE,
      { source: null, basedOn: again.published.revision, deployedHash: null },
      by('asha'),
    );
    expect(removed).toMatchObject({ published: { source: null } });
    expect((await store.pages.pageStates()).map((entry) => [entry.file, entry.published?.source, entry.draft])).toEqual([
      [PAGE, null, undefined],
    ]);
  });
}
