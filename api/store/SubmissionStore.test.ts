import { expect, test } from 'vitest';
import type { ChangeSet } from '../../src/shared/changeSet';
import type { NewSubmission } from './SubmissionStore';
import { eachStore } from '../../tests/helpers/eachStore';
import { by } from '../../tests/helpers/storeFixtures';

/** The firm's phone changed, in English, with the Marathi site file published together, as the planner makes it. */
const PHONE: ChangeSet = {
  files: [
    { path: '_site.yaml', text: '# Firm details\nname: "Vardhan"\nphone: +91 66666 66666\n', basedOn: '12' },
    { path: 'mr/_site.yaml', text: 'tagline: कर्ज आणि अनुदान\n', basedOn: '0' },
  ],
  note: 'New office number',
};
const DESK: ChangeSet = { files: [{ path: '_desk.yaml', text: 'statuses: []\n', basedOn: '3' }] };
const submitted = (change: ChangeSet, who = 'lekha'): NewSubmission => ({
  file: change.files[0]!.path,
  change,
  drafts: change.files.map((file) => file.path),
  by: by(who),
});

/** Editors' changes waiting for an owner: kept whole while they wait, decided once, the same on both stores. */
eachStore("changes waiting for an owner's review", (fresh) => {
  test('a submission keeps the change set byte for byte, with who and when, and is found by id and by each of its files', async () => {
    const { store, clock } = await fresh();
    expect(await store.submissions.waitingSubmissions()).toEqual([]);
    const kept = await store.submissions.submit(submitted(PHONE));
    expect(kept).toEqual({
      id: kept.id,
      file: '_site.yaml',
      files: ['_site.yaml', 'mr/_site.yaml'],
      note: 'New office number',
      at: new Date(clock.now()).toISOString(),
      by: by('lekha'),
      status: 'waiting',
      change: PHONE,
      drafts: ['_site.yaml', 'mr/_site.yaml'],
    });
    expect(await store.submissions.waitingSubmissions()).toEqual([kept]);
    expect(await store.submissions.submission(kept.id)).toEqual(kept);
    expect(await store.submissions.latestSubmission('mr/_site.yaml')).toEqual(kept);
    expect(await store.submissions.latestSubmission('hi/_site.yaml')).toBeUndefined();
    for (const id of ['999', 'x', '1 OR 1=1', '__proto__']) expect(await store.submissions.submission(id)).toBeUndefined();
    const plain = await store.submissions.submit(submitted(DESK));
    expect(plain).not.toHaveProperty('note');
    expect(Number(plain.id)).toBeGreaterThan(Number(kept.id));
  });

  test('an owner’s decision is recorded once, with who, when and the note; the texts go, and it no longer waits', async () => {
    const { store, clock } = await fresh();
    const phone = await store.submissions.submit(submitted(PHONE));
    const desk = await store.submissions.submit(submitted(DESK));
    await clock.advance(3_600_000);
    const returned = await store.submissions.decideSubmission(phone.id, {
      status: 'returned',
      by: by('owner'),
      note: 'Which number is it?',
    });
    const { change: _change, ...rest } = phone;
    expect(returned).toEqual({
      ...rest,
      status: 'returned',
      decided: { at: new Date(clock.now()).toISOString(), by: by('owner'), note: 'Which number is it?' },
    });
    expect(await store.submissions.submission(phone.id)).toEqual(returned);
    expect(await store.submissions.latestSubmission('_site.yaml')).toEqual(returned);
    expect(await store.submissions.decideSubmission(phone.id, { status: 'published', by: by('owner') })).toBeUndefined();
    const published = await store.submissions.decideSubmission(desk.id, { status: 'published', by: by('owner') });
    expect(published).toMatchObject({ status: 'published', decided: { by: by('owner') } });
    expect(published?.decided).not.toHaveProperty('note');
    expect(published).not.toHaveProperty('change');
    expect(await store.submissions.waitingSubmissions()).toEqual([]);
    expect(await store.submissions.decideSubmission('404', { status: 'returned', by: by('owner'), note: 'x' })).toBeUndefined();
  });

  test('of two decisions at once on one submission, exactly one is recorded', async () => {
    const { store } = await fresh();
    const phone = await store.submissions.submit(submitted(PHONE));
    const results = await Promise.all([
      store.submissions.decideSubmission(phone.id, { status: 'published', by: by('asha') }),
      store.submissions.decideSubmission(phone.id, { status: 'returned', by: by('priya'), note: 'No' }),
    ]);
    const recorded = results.filter((result) => result !== undefined);
    expect(recorded).toHaveLength(1);
    expect(await store.submissions.submission(phone.id)).toEqual(recorded[0]);
  });

  test('a newer submission of a file replaces the waiting one in the same write; one of other files keeps waiting', async () => {
    const { store } = await fresh();
    const first = await store.submissions.submit(submitted(PHONE));
    const desk = await store.submissions.submit(submitted(DESK));
    const again: ChangeSet = { files: [{ path: 'mr/_site.yaml', text: 'tagline: नवे\n', basedOn: '14' }] };
    const second = await store.submissions.submit(submitted(again, 'asha'));
    expect(await store.submissions.waitingSubmissions()).toEqual([desk, second]);
    const { change: _change, ...rest } = first;
    expect(await store.submissions.submission(first.id)).toEqual({ ...rest, status: 'replaced' });
    expect(await store.submissions.latestSubmission('_site.yaml')).toEqual({ ...rest, status: 'replaced' });
    expect(await store.submissions.latestSubmission('mr/_site.yaml')).toEqual(second);
  });

  test('files published another way replace the waiting submissions that name them, and only those', async () => {
    const { store } = await fresh();
    const phone = await store.submissions.submit(submitted(PHONE));
    const desk = await store.submissions.submit(submitted(DESK));
    expect(await store.submissions.replaceWaiting(['clcss.yaml'])).toBe(0);
    expect(await store.submissions.replaceWaiting(['hi/_site.yaml', 'mr/_site.yaml'])).toBe(1);
    expect(await store.submissions.waitingSubmissions()).toEqual([desk]);
    expect(await store.submissions.submission(phone.id)).toMatchObject({ status: 'replaced' });
    expect(await store.submissions.submission(phone.id)).not.toHaveProperty('change');
    expect(await store.submissions.replaceWaiting(['mr/_site.yaml'])).toBe(0);
  });

  test('every submission, as another store kept it, comes in with its id, and new ids follow it', async () => {
    const { store: first } = await fresh();
    const returned = await first.submissions.submit(submitted(PHONE));
    await first.submissions.decideSubmission(returned.id, { status: 'returned', by: by('owner'), note: 'Not yet' });
    await first.submissions.submit(submitted(DESK));
    const all = await first.submissions.allSubmissions();
    expect(all.map((item) => item.status)).toEqual(['returned', 'waiting']);

    const { store: second } = await fresh();
    for (const item of all) expect(await second.submissions.importSubmission(item)).toBe(true);
    expect(await second.submissions.importSubmission(all[0]!)).toBe(false);
    expect(await second.submissions.allSubmissions()).toEqual(all);
    expect(await second.submissions.latestSubmission('_site.yaml')).toEqual(all[0]);
    const next = await second.submissions.submit(submitted({ files: [{ path: '_ui.yaml', text: 'shell: {}\n', basedOn: '0' }] }));
    expect(Number(next.id)).toBeGreaterThan(Number(all[1]!.id));
  });
});
