import { expect, test } from 'vitest';
import { copyStore, everything } from '../copyStore';
import type { Store } from '../Store';
import type { FreshStore } from '../storeContract';
import { account, by, contact, request } from './fixtures';

/** All a store holds, read through its interface, in a form two stores can be compared by. */
async function contents(store: Store) {
  const enquiries = await everything((cursor) => store.listEnquiries({ limit: 500, ...(cursor !== undefined && { cursor }) }));
  return {
    enquiries: await Promise.all(enquiries.map((summary) => store.getEnquiry(summary._id))),
    requests: await everything((cursor) => store.listPrivacyRequests({ limit: 500, ...(cursor !== undefined && { cursor }) })),
    accounts: await store.listAccounts(),
    // Each store makes audit ids of its own kind; what happened, who and when must agree.
    audit: (await everything((cursor) => store.listAudit({ limit: 500, ...(cursor !== undefined && { cursor }) }))).map(
      ({ id: _id, ...entry }) => entry,
    ),
    pictures: await store.pictures.pictureList(),
    visits: (await store.visitCounts('2000-01-01', '2100-01-01')).sort((a, b) => a.path.localeCompare(b.path)),
    pictureFiles: [...(await store.pictures.pictureFiles())].sort(([a], [b]) => a.localeCompare(b)),
    pages: await Promise.all(
      (await store.pages.pageStates()).map(async (state) => ({ state, revisions: await store.pages.pageRevisions(state.file) })),
    ),
  };
}

/** What one store kept, another takes in whole: a restore from the other kind, and npm run migrate-from-lowdb. */
export function importContract(fresh: FreshStore) {
  test('a copy through the store interface holds everything the first store held, and a second copy adds nothing', async () => {
    const { store: first, clock } = await fresh();
    const one = await first.addEnquiry(contact('first', { email: 'one@example.in' }));
    await clock.advance(60_000);
    const two = await first.addEnquiry(contact('second'));
    await first.updateEnquiry(one._id, { status: 'contacted', followUpOn: '2026-12-01' }, by('asha'));
    await first.addNote(two._id, 'Called back; wants the CLCSS figures.', by('asha'));
    const asked = await first.addPrivacyRequest(request('Meera'));
    await first.updatePrivacyRequest(asked._id, { status: 'done' }, 'asha');
    await first.addAccount(account('asha', 'owner'));
    await first.addAudit({ account: 'asha', action: 'note', enquiryId: two._id });
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
    await first.addVisitCounts([
      { day: '2026-11-20', path: '/', landing: true, source: 'google', medium: 'cpc', campaign: 'diwali', referrer: '', count: 12 },
      { day: '2026-11-21', path: '/pmegp', landing: false, source: '', medium: '', campaign: '', referrer: '', count: 5 },
    ]);
    await first.pictures.addPicture({
      ...{ name: 'shop.jpg', alt: 'The shop', width: 400, height: 300, bytes: 2, at: '2026-11-24T10:00:00.000Z', by: by('asha') },
      files: { 'images/shop.jpg': Buffer.from([0xff, 0xd8]), 'images/sizes/shop-400.webp': Buffer.from('RIFF') },
    });

    const { store: second } = await fresh();
    const report = await copyStore(first, second);
    expect(report).toMatchObject({
      enquiries: { copied: 2, of: 2 },
      requests: { copied: 1, of: 1 },
      accounts: 1,
      audit: 1,
      pages: { copied: 1, of: 1 },
      pictures: { copied: 1, of: 1 },
      visitCounts: 2,
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
      visitCounts: 0,
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
}
