import { expect, test } from 'vitest';
import { copyStore, everything } from './copyStore';
import type { Store } from './Store';
import { eachStore } from '../../tests/helpers/eachStore';
import { account, by, contact, request } from '../../tests/helpers/storeFixtures';

/** All a store holds, read through its interface, in a form two stores can be compared by. */
async function contents(store: Store) {
  const enquiries = await everything((cursor) => store.enquiries.list({ limit: 500, ...(cursor !== undefined && { cursor }) }));
  return {
    enquiries: await Promise.all(enquiries.map((summary) => store.enquiries.get(summary._id))),
    requests: await everything((cursor) => store.people.listRequests({ limit: 500, ...(cursor !== undefined && { cursor }) })),
    accounts: await store.accounts.list(),
    // Each store makes audit ids of its own kind; what happened, who and when must agree.
    audit: (await everything((cursor) => store.audit.list({ limit: 500, ...(cursor !== undefined && { cursor }) }))).map(
      ({ id: _id, ...entry }) => entry,
    ),
    pictures: await store.pictures.pictureList(),
    visits: (await store.visits.counts('2000-01-01', '2100-01-01')).sort((a, b) => a.path.localeCompare(b.path)),
    pictureFiles: [...(await store.pictures.pictureFiles())].sort(([a], [b]) => a.localeCompare(b)),
    submissions: await store.submissions.allSubmissions(),
    linkChecks: await store.linkChecks.linkChecks(),
    pages: await Promise.all(
      (await store.pages.pageStates()).map(async (state) => ({ state, revisions: await store.pages.pageRevisions(state.file) })),
    ),
  };
}

/** What one store kept, another takes in whole: a restore from the other kind, and npm run migrate-from-lowdb. */
eachStore('taking in what another store kept', (fresh) => {
  test('a copy through the store interface holds everything the first store held, and a second copy adds nothing', async () => {
    const { store: first, clock } = await fresh();
    const one = await first.enquiries.add(contact('first', { email: 'one@example.in' }));
    await clock.advance(60_000);
    const two = await first.enquiries.add(contact('second'));
    await first.enquiries.update(one._id, { status: 'contacted', followUpOn: '2026-12-01' }, by('asha'));
    await first.enquiries.addNote(two._id, 'Called back; wants the CLCSS figures.', by('asha'));
    const asked = await first.people.addRequest(request('Meera'));
    await first.people.updateRequest(asked._id, { status: 'done' }, 'asha');
    await first.accounts.add(account('asha', 'owner'));
    await first.audit.add({ account: 'asha', action: 'note', enquiryId: two._id });
    const published = await first.pages.commit(by('asha'), () =>
      Promise.resolve({
        change: {
          files: [{ path: 'clcss.yaml', text: 'title: One\n', basedOn: '0', deployedHash: null, keepDraft: false }],
          note: 'First',
        },
      }),
    );
    if (!('commit' in published)) throw new Error('not published');
    await first.pages.saveDrafts(
      { files: [{ path: 'clcss.yaml', text: 'title: Two\n', basedOn: published.commit.revisions[0]!.revision }] },
      by('asha'),
    );
    await first.visits.add([
      { day: '2026-11-20', path: '/', landing: true, source: 'google', medium: 'cpc', campaign: 'diwali', referrer: '', count: 12 },
      { day: '2026-11-21', path: '/pmegp', landing: false, source: '', medium: '', campaign: '', referrer: '', count: 5 },
    ]);
    await first.pictures.addPicture({
      ...{ name: 'shop.jpg', alt: 'The shop', width: 400, height: 300, bytes: 2, at: '2026-11-24T10:00:00.000Z', by: by('asha') },
      files: { 'images/shop.jpg': Buffer.from([0xff, 0xd8]), 'images/sizes/shop-400.webp': Buffer.from('RIFF') },
    });

    const waiting = await first.submissions.submit({
      file: '_site.yaml',
      change: { files: [{ path: '_site.yaml', text: 'phone: +91 90110 22334\n', basedOn: '0' }], note: 'Office number' },
      drafts: ['_site.yaml'],
      by: by('lekha'),
    });
    await first.submissions.decideSubmission(waiting.id, { status: 'returned', by: by('asha'), note: 'Not yet' });
    await first.submissions.submit({
      file: '_desk.yaml',
      change: { files: [{ path: '_desk.yaml', text: 'statuses: []\n', basedOn: '0' }] },
      drafts: ['_desk.yaml'],
      by: by('lekha'),
    });

    await first.linkChecks.recordLinkCheck({ startedAt: '2026-11-24T05:30:00.000Z', finishedAt: '2026-11-24T05:31:00.000Z', checked: 1 }, [
      {
        url: 'https://www.cgtmse.in/gone',
        files: ['cgtmse.yaml'],
        checkedAt: '2026-11-24T05:30:00.000Z',
        outcome: 'failed',
        status: 404,
        detail: '404',
        failingSince: '2026-11-24T05:30:00.000Z',
      },
    ]);

    const { store: second } = await fresh();
    const report = await copyStore(first, second);
    expect(report).toMatchObject({
      enquiries: { copied: 2, of: 2 },
      requests: { copied: 1, of: 1 },
      accounts: 1,
      audit: 1,
      pages: { copied: 1, of: 1 },
      pictures: { copied: 1, of: 1 },
      submissions: { copied: 2, of: 2 },
      visitCounts: 2,
      linkChecks: 1,
    });
    expect(await contents(second)).toEqual(await contents(first));

    const again = await copyStore(first, second);
    expect(again).toMatchObject({
      enquiries: { copied: 0 },
      requests: { copied: 0 },
      accounts: 0,
      audit: 0,
      pages: { copied: 0 },
      pictures: { copied: 0 },
      submissions: { copied: 0 },
      visitCounts: 0,
      linkChecks: 0,
    });
    expect(await contents(second)).toEqual(await contents(first));
    // The next revision and commit follow the imported ones.
    const next = await second.pages.saveDrafts(
      { files: [{ path: 'clcss.yaml', text: 'title: Three\n', basedOn: (await second.pages.pageState('clcss.yaml'))!.head }] },
      by('asha'),
    );
    expect(next).toMatchObject({ drafts: [{ revision: String(Number((await first.pages.pageState('clcss.yaml'))!.head) + 1) }] });
    expect(await second.pages.latestCommit()).toBe(await first.pages.latestCommit());
  });
});
