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
    expect(await store.addAccount(account('Owner', 'owner'))).toBe(true);
    expect(await store.addAccount({ ...account('owner'), id: 'other' })).toBe(false);
    await store.addAccount(account('priya'));
    expect((await store.findAccount('OWNER'))?.id).toBe('id-Owner');
    expect((await store.listAccounts()).map((entry) => entry.username)).toEqual(['Owner', 'priya']);
    await expect(store.updateAccount('id-priya', { username: 'owner' })).rejects.toThrow(UsernameTakenError);
    expect(await store.updateAccount('id-priya', { role: 'owner', mustChangePassword: true })).toMatchObject({
      role: 'owner',
      mustChangePassword: true,
    });
    expect(await store.updateAccount('missing', { role: 'owner' })).toBeUndefined();
    const inAnHour = clock.now() + HOUR;
    await store.createSession('s1', { accountId: 'id-priya', expiresAt: inAnHour });
    await store.addTrustedDevice('d1', { accountId: 'id-priya', expiresAt: inAnHour });
    expect(await store.isTrustedDevice('d1', 'id-priya')).toBe(true);
    expect(await store.isTrustedDevice('d1', 'id-Owner')).toBe(false);
    expect(await store.removeAccount('id-priya')).toBe(true);
    expect(await store.getSession('s1')).toBeUndefined();
    expect(await store.isTrustedDevice('d1', 'id-priya')).toBe(false);
    expect(await store.removeAccount('id-priya')).toBe(false);
  });

  test('sessions and trusted devices: found while valid, gone once expired; a credential change ends the others in the same write', async () => {
    const { store, clock } = await fresh();
    await store.addAccount(account('owner', 'owner'));
    await store.addAccount(account('priya'));
    const inAnHour = clock.now() + HOUR;
    for (const hash of ['mine', 'theirs']) await store.createSession(hash, { accountId: 'id-owner', expiresAt: inAnHour });
    await store.createSession('colleague', { accountId: 'id-priya', expiresAt: inAnHour });
    await store.createSession('short', { accountId: 'id-owner', expiresAt: clock.now() + 1000 });
    await store.addTrustedDevice('device', { accountId: 'id-owner', expiresAt: clock.now() + 1000 });
    expect(await store.getSession('mine')).toEqual({ accountId: 'id-owner', expiresAt: inAnHour });
    expect(await store.getSession('short')).toEqual({ accountId: 'id-owner', expiresAt: clock.now() + 1000 });
    await clock.advance(1000);
    expect(await store.getSession('short')).toBeUndefined();
    expect(await store.isTrustedDevice('device', 'id-owner')).toBe(false);
    await store.updateAccount('id-owner', { passwordHash: 'scrypt$new' }, { keepSession: 'mine' });
    expect(await store.getSession('mine')).toEqual({ accountId: 'id-owner', expiresAt: inAnHour });
    expect(await store.getSession('theirs')).toBeUndefined();
    expect(await store.getSession('colleague')).toEqual({ accountId: 'id-priya', expiresAt: inAnHour });
    await store.updateAccount('id-owner', { passwordHash: 'scrypt$newer' }, {});
    expect(await store.getSession('mine')).toBeUndefined();
    await store.deleteSession('colleague');
    expect(await store.getSession('colleague')).toBeUndefined();
  });

  test('windows: count, peek, refund, reset, and start again once the window has passed', async () => {
    const { store, clock } = await fresh();
    expect(await store.countInWindow('ip:1', 60_000)).toEqual({ count: 1, resetAt: clock.now() + 60_000 });
    expect((await store.countInWindow('ip:1', 60_000)).count).toBe(2);
    expect((await store.countInWindow('ip:1', 60_000, 0)).count).toBe(2);
    expect((await store.countInWindow('ip:1', 60_000, -1)).count).toBe(1);
    expect(await store.countInWindow('ip:2', 60_000, 0)).toEqual({ count: 0, resetAt: clock.now() + 60_000 });
    await store.resetWindow('ip:1');
    expect((await store.countInWindow('ip:1', 60_000, 0)).count).toBe(0);
    expect((await store.countInWindow('short', 150)).count).toBe(1);
    await clock.advance(149);
    expect((await store.countInWindow('short', 150, 0)).count).toBe(1);
    await clock.advance(1);
    expect((await store.countInWindow('short', 150, 0)).count).toBe(0);
    expect((await store.countInWindow('short', 150)).count).toBe(1);
  });

  test('a short window never ends a long one', async () => {
    const { store, clock } = await fresh();
    await store.countInWindow('login-account:owner', 60_000, 5);
    await store.countInWindow('enquiry:1.2.3.4', 100);
    await clock.advance(200);
    await store.countInWindow('enquiry:1.2.3.4', 100);
    expect((await store.countInWindow('login-account:owner', 60_000, 0)).count).toBe(5);
  });

  test('counts every event when many arrive at once', async () => {
    const { store } = await fresh();
    await Promise.all(Array.from({ length: 50 }, () => store.countInWindow('busy', 60_000)));
    expect((await store.countInWindow('busy', 60_000, 0)).count).toBe(50);
  });

  test('the audit log: newest first, in pages, stamped with the time, with no enquiry contents', async () => {
    const { store, clock } = await fresh();
    for (let index = 0; index < 5; index++) await store.addAudit({ account: 'owner', action: 'note', enquiryId: `e${index}` });
    await clock.advance(1000);
    await store.addAudit({ account: null, action: 'sign-in-failed', detail: 'unknown username' });
    const first = await store.listAudit({ limit: 4 });
    expect(first.total).toBe(6);
    expect(first.items.map((entry) => entry.enquiryId ?? entry.action)).toEqual(['sign-in-failed', 'e4', 'e3', 'e2']);
    expect(first.items[0]).toMatchObject({ account: null, detail: 'unknown username', at: isoNow(clock) });
    const second = await store.listAudit({ limit: 4, cursor: first.nextCursor! });
    expect(second.items.map((entry) => entry.enquiryId)).toEqual(['e1', 'e0']);
    expect(second.nextCursor).toBeNull();
  });
}
