import { inject, afterAll, describe, expect, test } from 'vitest';
import { indiaDate, addDays } from '../../src/shared/indiaTime';
import { FileStore } from '../../api/store/file/FileStore';
import { PgStore } from '../../api/store/pg/PgStore';
import { UsernameTakenError, type Account, type NewEnquiry, type Store } from '../../api/store/Store';
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

const contact = (message: string, extra: Partial<Record<string, string>> = {}): NewEnquiry => ({
  form: 'contact',
  fields: { name: 'Contract', number: '+919876543210', enquiry: 'other', message, ...extra },
});
const about = (name: string, phoneno = '+919822012345'): NewEnquiry => ({
  form: 'about',
  fields: { name, address: 'Waluj', message: 'Hello', phoneno },
});
const account = (username: string, role: Account['role'] = 'staff'): Account => ({
  id: `id-${username}`,
  username,
  role,
  passwordHash: 'scrypt$1$1$1$a$b',
  createdAt: '2026-11-01T00:00:00.000Z',
});
const FINAL = ['disbursed', 'closed'];
const all = async (store: Store, query: Parameters<Store['listEnquiries']>[0]) => {
  const items = [];
  let cursor: string | undefined;
  do {
    const page = await store.listEnquiries({ ...query, ...(cursor !== undefined && { cursor }) });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
};

/** The same behaviour from both stores: the routes must not be able to tell them apart. */
describe.each(STORES)('%s', (_name, open) => {
  const fresh = async () => {
    const store = await open();
    opened.push(store);
    return store;
  };

  test('adds enquiries as New with an id, a time and no history, and lists both forms newest first', async () => {
    const store = await fresh();
    const first = await store.addEnquiry(contact('first'));
    await store.addEnquiry(about('Asha'));
    const third = await store.addEnquiry({
      ...contact('third'),
      sourcePage: '/homeloan',
      consent: { noticeVersion: '1', givenAt: '2026-11-22T00:00:00.000Z' },
    });
    expect(first).toMatchObject({ form: 'contact', status: 'new', followUpOn: null, consent: null, history: [] });
    expect(first._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const page = await store.listEnquiries({ limit: 10 });
    expect(page.items.map((item) => (item.form === 'about' ? item.fields.name : item.fields.message))).toEqual(['third', 'Asha', 'first']);
    expect(page.items[0]).toMatchObject({ _id: third._id, sourcePage: '/homeloan', consent: { noticeVersion: '1' } });
    expect(page.total).toBe(3);
    expect(page.nextCursor).toBeNull();
    expect((await store.listEnquiries({ form: 'about', limit: 10 })).items.map((item) => item.fields.name)).toEqual(['Asha']);
  });

  test('pages through the list with cursors, each page newest first, without gaps or repeats', async () => {
    const store = await fresh();
    for (let index = 0; index < 7; index++) await store.addEnquiry(contact(`m${index}`));
    const first = await store.listEnquiries({ limit: 3 });
    expect(first.items.map((item) => item.fields.message)).toEqual(['m6', 'm5', 'm4']);
    expect(first.total).toBe(7);
    const second = await store.listEnquiries({ limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((item) => item.fields.message)).toEqual(['m3', 'm2', 'm1']);
    const third = await store.listEnquiries({ limit: 3, cursor: second.nextCursor! });
    expect(third.items.map((item) => item.fields.message)).toEqual(['m0']);
    expect(third.nextCursor).toBeNull();
    await expect(store.listEnquiries({ limit: 3, cursor: 'not-a-cursor' })).rejects.toThrow('not one this list gave out');
  });

  test('search matches the name, the e-mail and the phone however it is written, ignoring case', async () => {
    const store = await fresh();
    await store.addEnquiry(contact('a', { name: 'Sunita Patil', number: '+919822012345', email: 'sunita@example.in' }));
    await store.addEnquiry(contact('b', { name: 'Ravi Kale', number: '+919876543210' }));
    await store.addEnquiry(about('Meera 50% off', '+919811111111'));
    const names = async (q: string) => (await store.listEnquiries({ q, limit: 10 })).items.map((item) => item.fields.name);
    expect(await names('patil')).toEqual(['Sunita Patil']);
    expect(await names('SUNITA@EXAMPLE')).toEqual(['Sunita Patil']);
    for (const spelling of ['+91 98220 12345', '09822012345', '9822012345', '98220'])
      expect(await names(spelling)).toEqual(['Sunita Patil']);
    expect(await names('50%')).toEqual(['Meera 50% off']);
    expect(await names('%')).toEqual(['Meera 50% off']);
    expect(await names('nobody')).toEqual([]);
  });

  test('enquiries from one number are linked: each counts the others, and the phone filter opens them', async () => {
    const store = await fresh();
    const a = await store.addEnquiry(contact('one', { number: '+919822012345' }));
    await store.addEnquiry(about('Same person', '+919822012345'));
    await store.addEnquiry(contact('other', { number: '+919876543210' }));
    const page = await store.listEnquiries({ limit: 10 });
    expect(page.items.map((item) => item.duplicates)).toEqual([0, 1, 1]);
    expect((await store.getEnquiry(a._id))!.duplicates).toBe(1);
    expect((await store.listEnquiries({ phone: '9822012345', limit: 10 })).items).toHaveLength(2);
  });

  test('status, reason and follow-up changes go into the history with who and when; notes too', async () => {
    const store = await fresh();
    const record = await store.addEnquiry(contact('work'));
    const tomorrow = addDays(indiaDate(), 1);
    const contacted = await store.updateEnquiry(record._id, { status: 'contacted', followUpOn: tomorrow }, 'priya');
    expect(contacted).toMatchObject({ status: 'contacted', followUpOn: tomorrow });
    expect(contacted!.firstStatusChangeAt).toBeDefined();
    await store.addNote(record._id, 'Called; sending the papers on Monday.', 'priya');
    const closed = await store.updateEnquiry(record._id, { status: 'closed', closedReason: 'not-interested', followUpOn: null }, 'owner');
    expect(closed).toMatchObject({ status: 'closed', closedReason: 'not-interested', followUpOn: null });
    expect(closed!.history.map(({ at: _at, ...entry }) => entry)).toEqual([
      { by: 'priya', type: 'status', from: 'new', to: 'contacted' },
      { by: 'priya', type: 'follow-up', on: tomorrow },
      { by: 'priya', type: 'note', text: 'Called; sending the papers on Monday.' },
      { by: 'owner', type: 'status', from: 'contacted', to: 'closed', reason: 'not-interested' },
      { by: 'owner', type: 'follow-up', on: null },
    ]);
    expect(closed!.lastActivityAt >= closed!.createdAt).toBe(true);
    const reopened = await store.updateEnquiry(record._id, { status: 'contacted' }, 'owner');
    expect(reopened).not.toHaveProperty('closedReason');
    expect(await store.updateEnquiry('missing', { status: 'contacted' }, 'owner')).toBeUndefined();
    expect(await store.addNote('missing', 'x', 'owner')).toBeUndefined();
  });

  test('filters by status, by due date (not counting final statuses) and by a missing consent record', async () => {
    const store = await fresh();
    const today = indiaDate();
    const due = await store.addEnquiry(contact('due'));
    const overdueClosed = await store.addEnquiry(contact('closed'));
    const later = await store.addEnquiry({ ...contact('later'), consent: { noticeVersion: '1', givenAt: new Date().toISOString() } });
    await store.updateEnquiry(due._id, { followUpOn: today }, 'a');
    await store.updateEnquiry(overdueClosed._id, { status: 'closed', closedReason: 'other', followUpOn: today }, 'a');
    await store.updateEnquiry(later._id, { status: 'contacted', followUpOn: addDays(today, 3) }, 'a');
    const messages = async (query: Omit<Parameters<Store['listEnquiries']>[0], 'limit'>) =>
      (await store.listEnquiries({ ...query, limit: 10 })).items.map((item) => item.fields.message);
    expect(await messages({ dueBy: { date: today, finalStatuses: FINAL } })).toEqual(['due']);
    expect(await messages({ status: 'contacted' })).toEqual(['later']);
    expect(await messages({ consentMissing: true })).toEqual(['closed', 'due']);
  });

  test('deletes for good, of one form only when it is given, and says how many went', async () => {
    const store = await fresh();
    const a = await store.addEnquiry(contact('a'));
    const b = await store.addEnquiry(about('b'));
    expect(await store.deleteEnquiries([a._id], 'about')).toBe(0);
    expect(await store.deleteEnquiries([a._id, b._id, 'missing'])).toBe(2);
    expect(await store.getEnquiry(a._id)).toBeUndefined();
    expect((await store.listEnquiries({ limit: 10 })).total).toBe(0);
  });

  test('keeps 500 enquiries added at once, with no duplicate and no loss', async () => {
    const store = await fresh();
    await Promise.all(Array.from({ length: 500 }, (_, index) => store.addEnquiry(contact(`burst ${index}`))));
    const items = await all(store, { limit: 100 });
    expect(items).toHaveLength(500);
    expect(new Set(items.map((item) => item.fields.message)).size).toBe(500);
  }, 60_000);

  test('the dashboard: weekly counts by form and source, median time to first status change, counts by status and due', async () => {
    const store = await fresh();
    const today = indiaDate();
    const a = await store.addEnquiry({ ...contact('a'), sourcePage: '/homeloan' });
    await store.addEnquiry(contact('b'));
    await store.addEnquiry(about('c'));
    await store.updateEnquiry(a._id, { status: 'contacted', followUpOn: today }, 'x');
    const stats = await store.deskStats({ today, weeks: 12, finalStatuses: FINAL });
    expect(stats.weeks).toHaveLength(12);
    expect(stats.weeks.at(-1)).toMatchObject({ byForm: { contact: 2, about: 1 }, bySource: { '/homeloan': 1, '(direct)': 2 } });
    expect(stats.weeks.slice(0, -1).every((week) => week.byForm.contact + week.byForm.about === 0)).toBe(true);
    expect(stats.medianHoursToFirstStatusChange).toBeGreaterThanOrEqual(0);
    expect(stats.byStatus).toEqual({ new: 2, contacted: 1 });
    expect([stats.dueToday, stats.overdue]).toEqual([1, 0]);
  });

  test('accounts: unique usernames without case, changes, and removal with their sessions and devices', async () => {
    const store = await fresh();
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
    const hour = Date.now() + 3_600_000;
    await store.createSession('s1', { accountId: 'id-priya', expiresAt: hour });
    await store.addTrustedDevice('d1', { accountId: 'id-priya', expiresAt: hour });
    expect(await store.isTrustedDevice('d1', 'id-priya')).toBe(true);
    expect(await store.isTrustedDevice('d1', 'id-Owner')).toBe(false);
    expect(await store.removeAccount('id-priya')).toBe(true);
    expect(await store.getSession('s1')).toBeUndefined();
    expect(await store.isTrustedDevice('d1', 'id-priya')).toBe(false);
    expect(await store.removeAccount('id-priya')).toBe(false);
  });

  test('sessions: found while valid, gone when expired; a credential change ends the others in the same write', async () => {
    const store = await fresh();
    await store.addAccount(account('owner', 'owner'));
    await store.addAccount(account('priya'));
    const hour = Date.now() + 3_600_000;
    for (const hash of ['mine', 'theirs']) await store.createSession(hash, { accountId: 'id-owner', expiresAt: hour });
    await store.createSession('colleague', { accountId: 'id-priya', expiresAt: hour });
    await store.createSession('old', { accountId: 'id-owner', expiresAt: Date.now() - 1000 });
    expect(await store.getSession('mine')).toEqual({ accountId: 'id-owner', expiresAt: hour });
    expect(await store.getSession('old')).toBeUndefined();
    await store.updateAccount('id-owner', { passwordHash: 'scrypt$new' }, { keepSession: 'mine' });
    expect(await store.getSession('mine')).toBeDefined();
    expect(await store.getSession('theirs')).toBeUndefined();
    expect(await store.getSession('colleague')).toBeDefined();
    await store.updateAccount('id-owner', { passwordHash: 'scrypt$newer' }, {});
    expect(await store.getSession('mine')).toBeUndefined();
    await store.deleteSession('colleague');
    expect(await store.getSession('colleague')).toBeUndefined();
  });

  test('windows: count, peek, refund, reset, and start again once the window has passed', async () => {
    const store = await fresh();
    expect((await store.countInWindow('ip:1', 60_000)).count).toBe(1);
    expect((await store.countInWindow('ip:1', 60_000)).count).toBe(2);
    expect((await store.countInWindow('ip:1', 60_000, 0)).count).toBe(2);
    expect((await store.countInWindow('ip:1', 60_000, -1)).count).toBe(1);
    expect((await store.countInWindow('ip:2', 60_000, 0)).count).toBe(0);
    expect((await store.countInWindow('ip:1', 60_000, 0)).resetAt).toBeGreaterThan(Date.now() + 50_000);
    await store.resetWindow('ip:1');
    expect((await store.countInWindow('ip:1', 60_000, 0)).count).toBe(0);
    expect((await store.countInWindow('short', 150)).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await store.countInWindow('short', 150, 0)).count).toBe(0);
    expect((await store.countInWindow('short', 150)).count).toBe(1);
  });

  test('a short window never ends a long one', async () => {
    const store = await fresh();
    await store.countInWindow('login-account:owner', 60_000, 5);
    await store.countInWindow('enquiry:1.2.3.4', 100);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await store.countInWindow('enquiry:1.2.3.4', 100);
    expect((await store.countInWindow('login-account:owner', 60_000, 0)).count).toBe(5);
  });

  test('counts every event when many arrive at once', async () => {
    const store = await fresh();
    await Promise.all(Array.from({ length: 50 }, () => store.countInWindow('busy', 60_000)));
    expect((await store.countInWindow('busy', 60_000, 0)).count).toBe(50);
  });

  test('the audit log: newest first, in pages, with no enquiry contents', async () => {
    const store = await fresh();
    for (let index = 0; index < 5; index++) await store.addAudit({ account: 'owner', action: 'note', enquiryId: `e${index}` });
    await store.addAudit({ account: null, action: 'sign-in-failed', detail: 'unknown username' });
    const first = await store.listAudit({ limit: 4 });
    expect(first.total).toBe(6);
    expect(first.items.map((entry) => entry.enquiryId ?? entry.action)).toEqual(['sign-in-failed', 'e4', 'e3', 'e2']);
    expect(first.items[0]).toMatchObject({ account: null, detail: 'unknown username' });
    expect(Date.parse(first.items[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    const second = await store.listAudit({ limit: 4, cursor: first.nextCursor! });
    expect(second.items.map((entry) => entry.enquiryId)).toEqual(['e1', 'e0']);
    expect(second.nextCursor).toBeNull();
  });

  test('the outbox: an enquiry stored with channels has one pending delivery each, claimed once, then recorded', async () => {
    const store = await fresh();
    const record = await store.addEnquiry(contact('notify me'), ['email', 'webhook']);
    await store.addEnquiry(contact('quiet'));
    expect(record.notifications).toMatchObject({ email: { status: 'pending', attempts: 0 }, webhook: { status: 'pending', attempts: 0 } });
    const claimed = await store.claimDueDeliveries(10, 60_000);
    expect(claimed.map((delivery) => delivery.channel).sort()).toEqual(['email', 'webhook']);
    expect(claimed[0]!.kind).toBe('contact');
    expect(claimed[0]!.enquiry).toMatchObject({ _id: record._id, fields: { message: 'notify me' } });
    expect(await store.claimDueDeliveries(10, 60_000)).toEqual([]);
    await store.recordDelivery(record._id, 'email', { status: 'delivered', attempts: 1, nextAttemptAt: Date.now() });
    await store.recordDelivery(record._id, 'webhook', { status: 'pending', attempts: 1, nextAttemptAt: Date.now() - 1, lastError: 'down' });
    const [again] = await store.claimDueDeliveries(10, 60_000);
    expect(again).toMatchObject({ channel: 'webhook', attempts: 1 });
    const listed = (await store.getEnquiry(record._id))!;
    expect(listed.notifications).toMatchObject({
      email: { status: 'delivered', attempts: 1 },
      webhook: { status: 'pending', attempts: 1, lastError: 'down' },
    });
    expect((await store.listEnquiries({ limit: 10 })).items.find((item) => item.fields.message === 'quiet')).not.toHaveProperty(
      'notifications',
    );
  });

  test('the outbox: a lease that runs out lets the delivery be claimed again; a deleted enquiry is never sent', async () => {
    const store = await fresh();
    const kept = await store.addEnquiry(about('kept'), ['email']);
    const gone = await store.addEnquiry(contact('deleted'), ['email']);
    await store.deleteEnquiries([gone._id]);
    expect((await store.claimDueDeliveries(10, 100)).map((delivery) => delivery.enquiry._id)).toEqual([kept._id]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await store.claimDueDeliveries(10, 60_000)).map((delivery) => delivery.enquiry._id)).toEqual([kept._id]);
    await store.recordDelivery(gone._id, 'email', { status: 'delivered', attempts: 1, nextAttemptAt: Date.now() });
    expect(await store.getEnquiry(gone._id)).toBeUndefined();
  });
});
