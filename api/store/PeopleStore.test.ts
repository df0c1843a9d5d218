import { expect, test } from 'vitest';
import { eachStore } from '../../tests/helpers/eachStore';
import { about, between, by, contact, request } from '../../tests/helpers/storeFixtures';
import { isoNow } from '../clock';
import type { Store } from './Store';

const names = async (store: Store) => (await store.enquiries.list({ limit: 50 })).items.map((item) => item.fields.name);

/** Requests about personal data, one person's data, erasure and retention. */
eachStore("privacy requests, one person's data, erasure and retention", (fresh) => {
  test('keeps requests open with their due day, lists them newest first by status, and pages with cursors', async () => {
    const { store } = await fresh();
    const first = await store.people.addRequest(request('First'));
    expect(first).toMatchObject({ status: 'open', dueOn: '2026-12-23', history: [], fields: { name: 'First' } });
    expect(first._id).toMatch(/^[0-9a-f-]{36}$/);
    for (const name of ['Second', 'Third']) await store.people.addRequest(request(name));
    const page = await store.people.listRequests({ limit: 2 });
    expect(page.items.map((item) => item.fields.name)).toEqual(['Third', 'Second']);
    expect(page.total).toBe(3);
    const next = await store.people.listRequests({ limit: 2, cursor: page.nextCursor! });
    expect(next.items.map((item) => item.fields.name)).toEqual(['First']);
    expect(next.nextCursor).toBeNull();
    await expect(store.people.listRequests({ limit: 2, cursor: 'not-a-request' })).rejects.toThrow('not one this list gave out');

    const done = await store.people.updateRequest(first._id, { status: 'done' }, 'asha');
    expect((await store.people.listRequests({ status: 'open', limit: 10 })).items.map((item) => item.fields.name)).toEqual([
      'Third',
      'Second',
    ]);
    expect((await store.people.listRequests({ status: 'done', limit: 10 })).items.map((item) => item._id)).toEqual([done!._id]);
  });

  test('records each change of a request in its history, with who, when and the reason for a refusal', async () => {
    const { store, clock } = await fresh();
    const added = await store.people.addRequest(request('Changes'));
    await clock.advance(60_000);
    const refusedAt = isoNow(clock);
    await store.people.updateRequest(added._id, { status: 'refused', reason: 'We hold nothing under that number.' }, 'owner');
    await clock.advance(60_000);
    const reopened = await store.people.updateRequest(added._id, { status: 'open' }, 'asha');
    expect(reopened).toMatchObject({ status: 'open', lastActivityAt: isoNow(clock) });
    expect(reopened).not.toHaveProperty('reason');
    expect(reopened!.history).toEqual([
      { at: refusedAt, by: 'owner', from: 'open', to: 'refused', reason: 'We hold nothing under that number.' },
      { at: isoNow(clock), by: 'asha', from: 'refused', to: 'open' },
    ]);
    expect(await store.people.updateRequest('no-such-request', { status: 'done' }, 'asha')).toBeUndefined();
  });

  test('finds one person by phone across both forms and their requests, and by e-mail without regard to case', async () => {
    const { store } = await fresh();
    const one = await store.enquiries.add(contact('mine', { name: 'Mira', number: '+919822012345', email: 'Mira@Example.in' }));
    await store.enquiries.addNote(one._id, 'Called back', by('asha'));
    await store.enquiries.add(about('Mira at home', '+919822012345'));
    await store.enquiries.add(contact('theirs', { name: 'Other', number: '+919811111111', email: 'other@example.in' }));
    await store.people.addRequest(request('Mira', '+919822012345', { email: 'mira@example.in' }));
    await store.people.addRequest(request('Other', '+919811111111'));

    const byPhone = await store.people.find({ phone: '9822012345' });
    expect(byPhone.enquiries.map((enquiry) => enquiry.fields.name)).toEqual(['Mira at home', 'Mira']);
    expect(byPhone.enquiries[1]!.history).toEqual([expect.objectContaining({ type: 'note', text: 'Called back' })]);
    expect(byPhone.requests.map((item) => item.fields.name)).toEqual(['Mira']);

    const byEmail = await store.people.find({ email: 'mira@example.in' });
    expect(byEmail.enquiries.map((enquiry) => enquiry._id)).toEqual([one._id]);
    expect(byEmail.requests).toHaveLength(1);
    expect(await store.people.find({ phone: '9000000000' })).toEqual({ enquiries: [], requests: [] });
  });

  test('erases one person for good, with their pending notifications, and leaves everyone else', async () => {
    const { store } = await fresh();
    await store.enquiries.add(contact('mine', { name: 'Gone', number: '+919822012345' }), ['email']);
    await store.enquiries.add(about('Gone too', '+919822012345'), ['email']);
    await store.enquiries.add(contact('theirs', { name: 'Stays', number: '+919811111111' }), ['email']);
    await store.people.addRequest(request('Gone'));
    await store.people.addRequest(request('Stays', '+919811111111'));

    expect(await store.people.erase({ phone: '9822012345' })).toEqual({ enquiries: 2, requests: 1 });
    expect(await store.people.find({ phone: '9822012345' })).toEqual({ enquiries: [], requests: [] });
    expect(await names(store)).toEqual(['Stays']);
    expect((await store.enquiries.list({ limit: 10 })).total).toBe(1);
    expect((await store.people.listRequests({ limit: 10 })).items.map((item) => item.fields.name)).toEqual(['Stays']);
    const due = await store.enquiries.claimDueDeliveries(10, 60_000);
    expect(due.map((delivery) => delivery.enquiry.fields.name)).toEqual(['Stays']);
    expect(await store.people.erase({ email: 'nobody@example.in' })).toEqual({ enquiries: 0, requests: 0 });
  });

  test('erases what nobody has touched since a moment; a change counts as a touch', async () => {
    const { store, clock } = await fresh();
    const old = await store.enquiries.add(contact('old', { name: 'Old' }));
    const touched = await store.enquiries.add(contact('touched', { name: 'Touched' }));
    const oldRequest = await store.people.addRequest(request('Old request'));
    const cutoff = await between(clock);
    await store.enquiries.update(touched._id, { status: 'contacted' }, by('asha'));
    await store.enquiries.add(contact('new', { name: 'New' }));
    await store.people.addRequest(request('New request'));

    expect(await store.people.eraseInactive(cutoff)).toEqual({ enquiries: 1, requests: 1 });
    expect(await names(store)).toEqual(['New', 'Touched']);
    expect(await store.enquiries.get(old._id)).toBeUndefined();
    expect((await store.people.listRequests({ limit: 10 })).items.map((item) => item._id)).not.toContain(oldRequest._id);
    expect(await store.people.eraseInactive(cutoff)).toEqual({ enquiries: 0, requests: 0 });
  });
});
