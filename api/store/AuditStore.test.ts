import { expect, test } from 'vitest';
import { eachStore } from '../../tests/helpers/eachStore';
import { between } from '../../tests/helpers/storeFixtures';
import { isoNow } from '../clock';

/** The audit log: its pages, who did what by name and permanent id, and its retention. */
eachStore('the audit log', (fresh) => {
  test('the audit log: newest first, in pages, stamped with the time, with no enquiry contents', async () => {
    const { store, clock } = await fresh();
    for (let index = 0; index < 5; index++) await store.audit.add({ account: 'owner', action: 'note', enquiryId: `e${index}` });
    await clock.advance(1000);
    await store.audit.add({ account: null, action: 'sign-in-failed', detail: 'unknown username' });
    const first = await store.audit.list({ limit: 4 });
    expect(first.total).toBe(6);
    expect(first.items.map((entry) => entry.enquiryId ?? entry.action)).toEqual(['sign-in-failed', 'e4', 'e3', 'e2']);
    expect(first.items[0]).toMatchObject({ account: null, detail: 'unknown username', at: isoNow(clock) });
    const second = await store.audit.list({ limit: 4, cursor: first.nextCursor! });
    expect(second.items.map((entry) => entry.enquiryId)).toEqual(['e1', 'e0']);
    expect(second.nextCursor).toBeNull();
  });

  test('the audit log keeps the permanent account id beside the name', async () => {
    const { store } = await fresh();
    await store.audit.add({ account: 'asha', accountId: 'id-asha', action: 'note', enquiryId: 'e1' });
    expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({ account: 'asha', accountId: 'id-asha' });
  });

  test('trims the audit log to what was written since a moment, and says how many went', async () => {
    const { store, clock } = await fresh();
    await store.audit.add({ account: 'owner', action: 'sign-in' });
    await store.audit.add({ account: 'owner', action: 'export', detail: '2 enquiries' });
    const cutoff = await between(clock);
    await store.audit.add({ account: 'asha', action: 'sign-in' });
    expect(await store.audit.trim(cutoff)).toBe(2);
    const left = await store.audit.list({ limit: 10 });
    expect(left.items.map((entry) => entry.account)).toEqual(['asha']);
    expect(left.total).toBe(1);
    expect(await store.audit.trim(cutoff)).toBe(0);
  });
});
