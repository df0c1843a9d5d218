import { inject, afterAll, describe, expect, test } from 'vitest';
import { FileStore } from '../../api/store/file/FileStore';
import { PgStore } from '../../api/store/pg/PgStore';
import type { Store } from '../../api/store/Store';
import { createDatabase } from '../helpers/postgres';
import { removeDir, tempDataDir } from '../helpers/server';

const opened: Store[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  dirs.forEach(removeDir);
});

const STORES: [string, () => Promise<Store>][] = [
  [
    'file store',
    async () => {
      const dir = tempDataDir();
      dirs.push(dir);
      return FileStore.open(dir);
    },
  ],
  ['PostgreSQL store', async () => PgStore.open(await createDatabase(inject('postgresUrl')), 10)],
];

const contact = (message: string) => ({ name: 'Contract', number: '+919876543210', enquiry: 'other', message });

/** The same behaviour from both stores: the routes must not be able to tell them apart. */
describe.each(STORES)('%s', (_name, open) => {
  const fresh = async () => {
    const store = await open();
    opened.push(store);
    return store;
  };

  test('adds enquiries with an id and a time, lists them newest first, per form', async () => {
    const store = await fresh();
    const first = await store.addEnquiry('contact', contact('first'));
    await store.addEnquiry('about', { name: 'A', address: 'B', message: 'C', phoneno: '+919876543210' });
    const second = await store.addEnquiry('contact', { ...contact('second'), sourcePage: '/homeloan' });
    expect(first._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const list = await store.listEnquiries('contact');
    expect(list.map((record) => record.message)).toEqual(['second', 'first']);
    expect(list[0]).toEqual(second);
    expect(list[0]!.sourcePage).toBe('/homeloan');
    expect(await store.listEnquiries('about')).toHaveLength(1);
  });

  test('deletes by id within its form only, and says when there was nothing to delete', async () => {
    const store = await fresh();
    const record = await store.addEnquiry('contact', contact('delete me'));
    expect(await store.deleteEnquiry('about', record._id)).toBe(false);
    expect(await store.deleteEnquiry('contact', record._id)).toBe(true);
    expect(await store.deleteEnquiry('contact', record._id)).toBe(false);
    expect(await store.listEnquiries('contact')).toEqual([]);
  });

  test('keeps 500 enquiries added at once, with no duplicate and no loss', async () => {
    const store = await fresh();
    await Promise.all(Array.from({ length: 500 }, (_, index) => store.addEnquiry('contact', contact(`burst ${index}`))));
    const list = await store.listEnquiries('contact');
    expect(list).toHaveLength(500);
    expect(new Set(list.map((record) => record.message)).size).toBe(500);
  }, 60_000);

  test('keeps the admin credential', async () => {
    const store = await fresh();
    expect(await store.getAdmin()).toBeUndefined();
    await store.setAdmin({ username: 'owner', passwordHash: 'scrypt$1$1$1$a$b' });
    await store.setAdmin({ username: 'boss', passwordHash: 'scrypt$1$1$1$c$d' });
    expect(await store.getAdmin()).toEqual({ username: 'boss', passwordHash: 'scrypt$1$1$1$c$d' });
  });

  test('sessions: found while valid, gone when expired, deleted one by one or all but one', async () => {
    const store = await fresh();
    const hour = Date.now() + 3_600_000;
    await store.createSession('a', { username: 'owner', expiresAt: hour });
    await store.createSession('b', { username: 'owner', expiresAt: hour });
    await store.createSession('c', { username: 'owner', expiresAt: hour });
    await store.createSession('old', { username: 'owner', expiresAt: Date.now() - 1000 });
    expect(await store.getSession('a')).toEqual({ username: 'owner', expiresAt: hour });
    expect(await store.getSession('old')).toBeUndefined();
    expect(await store.getSession('nope')).toBeUndefined();
    await store.deleteSession('a');
    expect(await store.getSession('a')).toBeUndefined();
    await store.deleteSessionsExcept('b');
    expect(await store.getSession('b')).toBeDefined();
    expect(await store.getSession('c')).toBeUndefined();
    await store.deleteSessionsExcept();
    expect(await store.getSession('b')).toBeUndefined();
  });

  test('windows: count events, peek without counting, and start again once the window has passed', async () => {
    const store = await fresh();
    expect((await store.countInWindow('ip:1', 60_000)).count).toBe(1);
    expect((await store.countInWindow('ip:1', 60_000)).count).toBe(2);
    expect((await store.countInWindow('ip:1', 60_000, 0)).count).toBe(2);
    expect((await store.countInWindow('ip:2', 60_000, 0)).count).toBe(0);
    const { resetAt } = await store.countInWindow('ip:1', 60_000, 0);
    expect(resetAt).toBeGreaterThan(Date.now() + 50_000);
    expect((await store.countInWindow('short', 150)).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await store.countInWindow('short', 150, 0)).count).toBe(0);
    expect((await store.countInWindow('short', 150)).count).toBe(1);
  });

  test('the outbox: an enquiry stored with channels has one pending delivery each, claimed once, then recorded', async () => {
    const store = await fresh();
    const record = await store.addEnquiry('contact', contact('notify me'), ['email', 'webhook']);
    await store.addEnquiry('contact', contact('quiet'));
    expect(record.notifications).toMatchObject({ email: { status: 'pending', attempts: 0 }, webhook: { status: 'pending', attempts: 0 } });

    const claimed = await store.claimDueDeliveries(10, 60_000);
    expect(claimed.map((delivery) => delivery.channel).sort()).toEqual(['email', 'webhook']);
    expect(claimed[0]!.enquiry).toMatchObject({ _id: record._id, message: 'notify me' });
    expect(await store.claimDueDeliveries(10, 60_000)).toEqual([]);

    await store.recordDelivery('contact', record._id, 'email', { status: 'delivered', attempts: 1, nextAttemptAt: Date.now() });
    await store.recordDelivery('contact', record._id, 'webhook', {
      status: 'pending',
      attempts: 1,
      nextAttemptAt: Date.now() - 1,
      lastError: 'down',
    });
    const [again] = await store.claimDueDeliveries(10, 60_000);
    expect(again).toMatchObject({ channel: 'webhook', attempts: 1 });
    const listed = (await store.listEnquiries('contact')).find((candidate) => candidate._id === record._id)!;
    expect(listed.notifications).toMatchObject({
      email: { status: 'delivered', attempts: 1 },
      webhook: { status: 'pending', attempts: 1, lastError: 'down' },
    });
    expect((await store.listEnquiries('contact')).find((candidate) => candidate.message === 'quiet')).not.toHaveProperty('notifications');
  });

  test('the outbox: a lease that runs out lets the delivery be claimed again; a deleted enquiry is never sent', async () => {
    const store = await fresh();
    const kept = await store.addEnquiry('about', { name: 'A', address: 'B', message: 'C', phoneno: '+919876543210' }, ['email']);
    const gone = await store.addEnquiry('contact', contact('deleted'), ['email']);
    await store.deleteEnquiry('contact', gone._id);
    expect((await store.claimDueDeliveries(10, 100)).map((delivery) => delivery.enquiry._id)).toEqual([kept._id]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await store.claimDueDeliveries(10, 60_000)).map((delivery) => delivery.enquiry._id)).toEqual([kept._id]);
    await store.recordDelivery('contact', gone._id, 'email', { status: 'delivered', attempts: 1, nextAttemptAt: Date.now() });
    expect(await store.listEnquiries('contact')).toEqual([]);
  });

  test('counts every event when many arrive at once', async () => {
    const store = await fresh();
    await Promise.all(Array.from({ length: 50 }, () => store.countInWindow('busy', 60_000)));
    expect((await store.countInWindow('busy', 60_000, 0)).count).toBe(50);
  });
});
