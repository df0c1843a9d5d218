import { expect, test } from 'vitest';
import { isoNow } from '../../clock';
import type { FreshStore } from '../storeContract';
import { UsernameTakenError } from '../storeErrors';
import { account } from './fixtures';

const HOUR = 3_600_000;

/** Accounts, sessions, rate-limit windows and the audit log. */
export function accountContract(fresh: FreshStore) {
  test('accounts: unique usernames without case, changes, and removal with their sessions and devices', async () => {
    const { store, clock } = await fresh();
    expect(await store.accounts.add(account('Owner', 'owner'))).toBe(true);
    expect(await store.accounts.add({ ...account('owner'), id: 'other' })).toBe(false);
    await store.accounts.add(account('priya'));
    expect((await store.accounts.find('OWNER'))?.id).toBe('id-Owner');
    expect((await store.accounts.list()).map((entry) => entry.username)).toEqual(['Owner', 'priya']);
    await expect(store.accounts.update('id-priya', { username: 'owner' })).rejects.toThrow(UsernameTakenError);
    expect(await store.accounts.update('id-priya', { role: 'owner', mustChangePassword: true })).toMatchObject({
      role: 'owner',
      mustChangePassword: true,
    });
    expect(await store.accounts.update('missing', { role: 'owner' })).toBeUndefined();
    const inAnHour = clock.now() + HOUR;
    await store.accounts.createSession('s1', { accountId: 'id-priya', expiresAt: inAnHour });
    await store.accounts.addTrustedDevice('d1', { accountId: 'id-priya', expiresAt: inAnHour });
    expect(await store.accounts.isTrustedDevice('d1', 'id-priya')).toBe(true);
    expect(await store.accounts.isTrustedDevice('d1', 'id-Owner')).toBe(false);
    expect(await store.accounts.remove('id-priya')).toBe(true);
    expect(await store.accounts.getSession('s1')).toBeUndefined();
    expect(await store.accounts.isTrustedDevice('d1', 'id-priya')).toBe(false);
    expect(await store.accounts.remove('id-priya')).toBe(false);
  });

  test('sessions and trusted devices: found while valid, gone once expired; a credential change ends the others in the same write', async () => {
    const { store, clock } = await fresh();
    await store.accounts.add(account('owner', 'owner'));
    await store.accounts.add(account('priya'));
    const inAnHour = clock.now() + HOUR;
    for (const hash of ['mine', 'theirs']) await store.accounts.createSession(hash, { accountId: 'id-owner', expiresAt: inAnHour });
    await store.accounts.createSession('colleague', { accountId: 'id-priya', expiresAt: inAnHour });
    await store.accounts.createSession('short', { accountId: 'id-owner', expiresAt: clock.now() + 1000 });
    await store.accounts.addTrustedDevice('device', { accountId: 'id-owner', expiresAt: clock.now() + 1000 });
    expect(await store.accounts.getSession('mine')).toEqual({ accountId: 'id-owner', expiresAt: inAnHour });
    expect(await store.accounts.getSession('short')).toEqual({ accountId: 'id-owner', expiresAt: clock.now() + 1000 });
    await clock.advance(1000);
    expect(await store.accounts.getSession('short')).toBeUndefined();
    expect(await store.accounts.isTrustedDevice('device', 'id-owner')).toBe(false);
    await store.accounts.update('id-owner', { passwordHash: 'scrypt$new' }, { keepSession: 'mine' });
    expect(await store.accounts.getSession('mine')).toEqual({ accountId: 'id-owner', expiresAt: inAnHour });
    expect(await store.accounts.getSession('theirs')).toBeUndefined();
    expect(await store.accounts.getSession('colleague')).toEqual({ accountId: 'id-priya', expiresAt: inAnHour });
    await store.accounts.update('id-owner', { passwordHash: 'scrypt$newer' }, {});
    expect(await store.accounts.getSession('mine')).toBeUndefined();
    await store.accounts.deleteSession('colleague');
    expect(await store.accounts.getSession('colleague')).toBeUndefined();
  });

  test('windows: count, peek, refund, reset, and start again once the window has passed', async () => {
    const { store, clock } = await fresh();
    expect(await store.windows.count('ip:1', 60_000)).toEqual({ count: 1, resetAt: clock.now() + 60_000 });
    expect((await store.windows.count('ip:1', 60_000)).count).toBe(2);
    expect((await store.windows.count('ip:1', 60_000, 0)).count).toBe(2);
    expect((await store.windows.count('ip:1', 60_000, -1)).count).toBe(1);
    expect(await store.windows.count('ip:2', 60_000, 0)).toEqual({ count: 0, resetAt: clock.now() + 60_000 });
    await store.windows.reset('ip:1');
    expect((await store.windows.count('ip:1', 60_000, 0)).count).toBe(0);
    expect((await store.windows.count('short', 150)).count).toBe(1);
    await clock.advance(149);
    expect((await store.windows.count('short', 150, 0)).count).toBe(1);
    await clock.advance(1);
    expect((await store.windows.count('short', 150, 0)).count).toBe(0);
    expect((await store.windows.count('short', 150)).count).toBe(1);
  });

  test('a short window never ends a long one', async () => {
    const { store, clock } = await fresh();
    await store.windows.count('login-account:owner', 60_000, 5);
    await store.windows.count('enquiry:1.2.3.4', 100);
    await clock.advance(200);
    await store.windows.count('enquiry:1.2.3.4', 100);
    expect((await store.windows.count('login-account:owner', 60_000, 0)).count).toBe(5);
  });

  test('counts every event when many arrive at once', async () => {
    const { store } = await fresh();
    await Promise.all(Array.from({ length: 50 }, () => store.windows.count('busy', 60_000)));
    expect((await store.windows.count('busy', 60_000, 0)).count).toBe(50);
  });

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
}
