import { expect, test } from 'vitest';
import { isoNow } from '../../clock';
import type { FreshStore } from '../storeContract';
import { AssignmentTakenError } from '../storeErrors';
import { account, by, contact } from './fixtures';

/** Each enquiry's advisor: assigned by owners, taken by staff, given by _desk.yaml's rule, listed as Mine. */
export function assignmentContract(fresh: FreshStore) {
  test('assigns, reassigns and unassigns, each in the history with who and when, and lists by advisor', async () => {
    const { store, clock } = await fresh();
    const first = await store.enquiries.add(contact('first'));
    const second = await store.enquiries.add(contact('second'));
    await clock.advance(60_000);
    const assigned = await store.enquiries.update(first._id, { assignment: { to: by('asha') } }, by('owner'));
    expect(assigned).toMatchObject({ assigneeId: 'id-asha', lastActivityAt: isoNow(clock) });
    expect(assigned!.history).toEqual([
      { at: isoNow(clock), by: 'owner', byId: 'id-owner', type: 'assignment', to: 'asha', toId: 'id-asha' },
    ]);
    const mine = await store.enquiries.list({ assigneeId: 'id-asha', limit: 10 });
    expect(mine.items.map((item) => item._id)).toEqual([first._id]);
    expect(mine.total).toBe(1);
    expect(mine.items[0]!.assigneeId).toBe('id-asha');
    expect((await store.enquiries.list({ assigneeId: null, limit: 10 })).items.map((item) => item._id)).toEqual([second._id]);

    // The same advisor again adds nothing; another, and nobody, each add an entry.
    await store.enquiries.update(first._id, { assignment: { to: by('asha') } }, by('owner'));
    await store.enquiries.update(first._id, { assignment: { to: by('ravi') } }, by('owner'));
    const released = await store.enquiries.update(first._id, { assignment: { to: null } }, by('owner'));
    expect(released!.assigneeId).toBeUndefined();
    expect(released!.history.map((entry) => (entry.type === 'assignment' ? entry.to : entry.type))).toEqual(['asha', 'ravi', null]);
    expect((await store.enquiries.list({ assigneeId: null, limit: 10 })).total).toBe(2);
    expect((await store.enquiries.get(first._id))!.assigneeId).toBeUndefined();
  });

  test('a conditional assignment changes nothing when the enquiry is no longer as expected, even when two take it at once', async () => {
    const { store } = await fresh();
    const record = await store.enquiries.add(contact('wanted'));
    const take = (name: string) =>
      store.enquiries.update(record._id, { assignment: { to: by(name), onlyFrom: [null, `id-${name}`] } }, by(name));
    const results = await Promise.allSettled([take('asha'), take('ravi')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(AssignmentTakenError);
    const stored = (await store.enquiries.get(record._id))!;
    expect(stored.history).toHaveLength(1);
    const taker = stored.assigneeId;
    expect(['id-asha', 'id-ravi']).toContain(taker);
    // A change that throws leaves the status alone too.
    const other = taker === 'id-asha' ? 'ravi' : 'asha';
    await expect(
      store.enquiries.update(record._id, { status: 'contacted', assignment: { to: by(other), onlyFrom: [null] } }, by(other)),
    ).rejects.toBeInstanceOf(AssignmentTakenError);
    expect(await store.enquiries.get(record._id)).toMatchObject({ status: 'new', assigneeId: taker });
  });

  test('a new enquiry can arrive assigned by the rule, in the same write, with the rule in its history', async () => {
    const { store, clock } = await fresh();
    const record = await store.enquiries.add({ ...contact('ruled'), language: 'mr', assignee: { to: by('asha'), rule: 'language' } });
    expect(record.assigneeId).toBe('id-asha');
    const stored = (await store.enquiries.get(record._id))!;
    expect(stored.assigneeId).toBe('id-asha');
    expect(stored.history).toEqual([
      {
        at: isoNow(clock),
        by: 'assignment rule',
        byId: 'assignment-rule',
        type: 'assignment',
        to: 'asha',
        toId: 'id-asha',
        rule: 'language',
      },
    ]);
    expect((await store.enquiries.list({ assigneeId: 'id-asha', limit: 5 })).total).toBe(1);
  });

  test('accounts keep the languages they speak and whether they take new enquiries', async () => {
    const { store } = await fresh();
    await store.accounts.add(account('owner', 'owner'));
    await store.accounts.add({ ...account('asha'), languages: ['mr', 'hi'], available: true });
    expect(await store.accounts.find('asha')).toMatchObject({ languages: ['mr', 'hi'], available: true });
    expect((await store.accounts.find('owner'))!.languages).toBeUndefined();
    const changed = await store.accounts.update('id-owner', { languages: ['en'], available: true });
    expect(changed).toMatchObject({ role: 'owner', languages: ['en'], available: true });
    await store.accounts.update('id-asha', { available: false });
    const asha = (await store.accounts.list()).find((item) => item.username === 'asha')!;
    expect(asha.languages).toEqual(['mr', 'hi']);
    expect(asha.available ?? false).toBe(false);
  });

  test('an enquiry moved from another store keeps its advisor', async () => {
    const { store } = await fresh();
    const record = await store.enquiries.add(contact('moved'));
    const assigned = (await store.enquiries.update(record._id, { assignment: { to: by('asha') } }, by('owner')))!;
    const { store: other } = await fresh();
    expect(await other.enquiries.import({ ...assigned, history: assigned.history })).toBe(true);
    expect(await other.enquiries.get(record._id)).toMatchObject({ assigneeId: 'id-asha', history: assigned.history });
  });
}
