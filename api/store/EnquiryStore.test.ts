import { expect, test } from 'vitest';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { documentsChannel } from '../../src/shared/storedEnquiry';
import { eachStore } from '../../tests/helpers/eachStore';
import { about, allEnquiries, by, contact } from '../../tests/helpers/storeFixtures';
import { isoNow } from '../clock';
import type { Store } from './Store';
import { AssignmentTakenError } from './storeErrors';

const FINAL = ['disbursed', 'closed'];
const HOUR = 3_600_000;

/** Enquiries, their desk fields and their outbox. */
eachStore('enquiries, the desk and the outbox', (fresh) => {
  test('adds enquiries as New with an id, the time and no history, and lists both forms newest first', async () => {
    const { store, clock } = await fresh();
    const first = await store.enquiries.add(contact('first'));
    await store.enquiries.add(about('Asha'));
    const third = await store.enquiries.add({
      ...contact('third'),
      sourcePage: '/homeloan',
      consent: { noticeVersion: '1', givenAt: '2026-11-22T00:00:00.000Z' },
    });
    expect(first).toMatchObject({ form: 'contact', status: 'new', followUpOn: null, consent: null, history: [] });
    expect(first._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.createdAt).toBe(isoNow(clock));
    const page = await store.enquiries.list({ limit: 10 });
    expect(page.items.map((item) => (item.form === 'about' ? item.fields.name : item.fields.message))).toEqual(['third', 'Asha', 'first']);
    expect(page.items[0]).toMatchObject({ _id: third._id, sourcePage: '/homeloan', consent: { noticeVersion: '1' } });
    expect(page.total).toBe(3);
    expect(page.nextCursor).toBeNull();
    expect((await store.enquiries.list({ form: 'about', limit: 10 })).items.map((item) => item.fields.name)).toEqual(['Asha']);
  });

  test('pages through the list with cursors, each page newest first, without gaps or repeats', async () => {
    const { store, clock } = await fresh();
    for (let index = 0; index < 7; index++) {
      await store.enquiries.add(contact(`m${index}`));
      if (index % 2) await clock.advance(1000); // some share a moment, some do not
    }
    const first = await store.enquiries.list({ limit: 3 });
    expect(first.items.map((item) => item.fields.message)).toEqual(['m6', 'm5', 'm4']);
    expect(first.total).toBe(7);
    const second = await store.enquiries.list({ limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((item) => item.fields.message)).toEqual(['m3', 'm2', 'm1']);
    const third = await store.enquiries.list({ limit: 3, cursor: second.nextCursor! });
    expect(third.items.map((item) => item.fields.message)).toEqual(['m0']);
    expect(third.nextCursor).toBeNull();
    await expect(store.enquiries.list({ limit: 3, cursor: 'not-a-cursor' })).rejects.toThrow('not one this list gave out');
  });

  test('search matches the name, the e-mail and the phone however it is written, ignoring case', async () => {
    const { store } = await fresh();
    await store.enquiries.add(contact('a', { name: 'Sunita Patil', number: '+919822012345', email: 'sunita@example.in' }));
    await store.enquiries.add(contact('b', { name: 'Ravi Kale', number: '+919876543210' }));
    await store.enquiries.add(about('Meera 50% off', '+919811111111'));
    const names = async (q: string) => (await store.enquiries.list({ q, limit: 10 })).items.map((item) => item.fields.name);
    expect(await names('patil')).toEqual(['Sunita Patil']);
    expect(await names('SUNITA@EXAMPLE')).toEqual(['Sunita Patil']);
    for (const spelling of ['+91 98220 12345', '09822012345', '9822012345', '98220'])
      expect(await names(spelling)).toEqual(['Sunita Patil']);
    expect(await names('50%')).toEqual(['Meera 50% off']);
    expect(await names('%')).toEqual(['Meera 50% off']);
    expect(await names('nobody')).toEqual([]);
  });

  test('enquiries from one number are linked: each counts the others, and the phone filter opens them', async () => {
    const { store } = await fresh();
    const a = await store.enquiries.add(contact('one', { number: '+919822012345' }));
    await store.enquiries.add(about('Same person', '+919822012345'));
    await store.enquiries.add(contact('other', { number: '+919876543210' }));
    const page = await store.enquiries.list({ limit: 10 });
    expect(page.items.map((item) => item.duplicates)).toEqual([0, 1, 1]);
    expect((await store.enquiries.get(a._id))!.duplicates).toBe(1);
    expect((await store.enquiries.list({ phone: '9822012345', limit: 10 })).items).toHaveLength(2);
  });

  test('status, reason and follow-up changes go into the history with who and when; notes too', async () => {
    const { store, clock } = await fresh();
    const record = await store.enquiries.add(contact('work'));
    const tomorrow = addDays(indiaDate(clock.now()), 1);
    await clock.advance(HOUR);
    const contacted = await store.enquiries.update(record._id, { status: 'contacted', followUpOn: tomorrow }, by('priya'));
    expect(contacted).toMatchObject({ status: 'contacted', followUpOn: tomorrow, firstStatusChangeAt: isoNow(clock) });
    await store.enquiries.addNote(record._id, 'Called; sending the papers on Monday.', by('priya'));
    await clock.advance(HOUR);
    const closed = await store.enquiries.update(
      record._id,
      { status: 'closed', closedReason: 'not-interested', followUpOn: null },
      by('owner'),
    );
    expect(closed).toMatchObject({ status: 'closed', closedReason: 'not-interested', followUpOn: null, lastActivityAt: isoNow(clock) });
    expect(closed!.firstStatusChangeAt).toBe(contacted!.firstStatusChangeAt);
    expect(closed!.history.map(({ at: _at, ...entry }) => entry)).toEqual([
      { by: 'priya', byId: 'id-priya', type: 'status', from: 'new', to: 'contacted' },
      { by: 'priya', byId: 'id-priya', type: 'follow-up', on: tomorrow },
      { by: 'priya', byId: 'id-priya', type: 'note', text: 'Called; sending the papers on Monday.' },
      { by: 'owner', byId: 'id-owner', type: 'status', from: 'contacted', to: 'closed', reason: 'not-interested' },
      { by: 'owner', byId: 'id-owner', type: 'follow-up', on: null },
    ]);
    expect(closed!.history.at(-1)!.at).toBe(isoNow(clock));
    const reopened = await store.enquiries.update(record._id, { status: 'contacted' }, by('owner'));
    expect(reopened).not.toHaveProperty('closedReason');
    expect(await store.enquiries.update('missing', { status: 'contacted' }, by('owner'))).toBeUndefined();
    expect(await store.enquiries.addNote('missing', 'x', by('owner'))).toBeUndefined();
  });

  test('a call or WhatsApp message goes into the history, and moves a New enquiry (only a New one) to Contacted in the same write', async () => {
    const { store, clock } = await fresh();
    const record = await store.enquiries.add(contact('reach'));
    await clock.advance(HOUR);
    const called = await store.enquiries.recordContact(record._id, { channel: 'call', from: 'new', to: 'contacted' }, by('priya'));
    expect(called).toMatchObject({ status: 'contacted', firstStatusChangeAt: isoNow(clock), lastActivityAt: isoNow(clock) });
    const messaged = await store.enquiries.recordContact(
      record._id,
      { channel: 'whatsapp', template: 'documents', from: 'new', to: 'contacted' },
      by('asha'),
    );
    await store.enquiries.update(record._id, { status: 'submitted' }, by('asha'));
    const later = await store.enquiries.recordContact(record._id, { channel: 'call', from: 'new', to: 'contacted' }, by('asha'));
    expect(messaged!.status).toBe('contacted');
    expect(later!.status).toBe('submitted');
    expect(later!.history.map(({ at: _at, ...entry }) => entry)).toEqual([
      { by: 'priya', byId: 'id-priya', type: 'contact', channel: 'call' },
      { by: 'priya', byId: 'id-priya', type: 'status', from: 'new', to: 'contacted' },
      { by: 'asha', byId: 'id-asha', type: 'contact', channel: 'whatsapp', template: 'documents' },
      { by: 'asha', byId: 'id-asha', type: 'status', from: 'contacted', to: 'submitted' },
      { by: 'asha', byId: 'id-asha', type: 'contact', channel: 'call' },
    ]);
    expect(await store.enquiries.recordContact('missing', { channel: 'call', from: 'new', to: 'contacted' }, by('asha'))).toBeUndefined();
  });

  test('filters by status, by due date (not counting final statuses) and by a missing consent record', async () => {
    const { store, clock } = await fresh();
    const today = indiaDate(clock.now());
    const due = await store.enquiries.add(contact('due'));
    const overdueClosed = await store.enquiries.add(contact('closed'));
    const later = await store.enquiries.add({ ...contact('later'), consent: { noticeVersion: '1', givenAt: isoNow(clock) } });
    await store.enquiries.update(due._id, { followUpOn: today }, by('a'));
    await store.enquiries.update(overdueClosed._id, { status: 'closed', closedReason: 'other', followUpOn: today }, by('a'));
    await store.enquiries.update(later._id, { status: 'contacted', followUpOn: addDays(today, 3) }, by('a'));
    const messages = async (query: Omit<Parameters<Store['enquiries']['list']>[0], 'limit'>) =>
      (await store.enquiries.list({ ...query, limit: 10 })).items.map((item) => item.fields.message);
    expect(await messages({ dueBy: { date: today, finalStatuses: FINAL } })).toEqual(['due']);
    expect(await messages({ status: 'contacted' })).toEqual(['later']);
    expect(await messages({ consentMissing: true })).toEqual(['closed', 'due']);
  });

  test('deletes for good, of one form only when it is given, and says how many went', async () => {
    const { store } = await fresh();
    const a = await store.enquiries.add(contact('a'));
    const b = await store.enquiries.add(about('b'));
    expect(await store.enquiries.delete([a._id], 'about')).toBe(0);
    expect(await store.enquiries.delete([a._id, b._id, 'missing'])).toBe(2);
    expect(await store.enquiries.get(a._id)).toBeUndefined();
    expect((await store.enquiries.list({ limit: 10 })).total).toBe(0);
  });

  test('keeps 500 enquiries added at once, with no duplicate and no loss', async () => {
    const { store } = await fresh();
    await Promise.all(Array.from({ length: 500 }, (_, index) => store.enquiries.add(contact(`burst ${index}`))));
    const items = await allEnquiries(store, { limit: 100 });
    expect(items).toHaveLength(500);
    expect(new Set(items.map((item) => item.fields.message)).size).toBe(500);
    expect(new Set(items.map((item) => item.reference)).size).toBe(500);
  }, 60_000);

  test('each enquiry has a reference of its own, found by the reference filter and by the desk’s search however it is typed', async () => {
    const { store } = await fresh();
    const asha = await store.enquiries.add(about('Asha'));
    const ravi = await store.enquiries.add(contact('Ravi’s', { name: 'Ravi' }));
    expect(asha.reference).toMatch(/^VF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(asha.reference).not.toBe(ravi.reference);
    expect((await store.enquiries.get(asha._id))!.reference).toBe(asha.reference);
    const found = await store.enquiries.list({ reference: ravi.reference, limit: 10 });
    expect(found).toMatchObject({ total: 1, items: [{ _id: ravi._id, reference: ravi.reference }] });
    expect(await store.enquiries.list({ reference: ravi.reference, form: 'about', limit: 10 })).toMatchObject({ total: 0, items: [] });
    expect((await store.enquiries.list({ reference: 'VF-0000-0000', limit: 10 })).total).toBe(0);
    const typed = ravi.reference.toLowerCase().replace(/-/g, ' ');
    expect((await store.enquiries.list({ q: typed, limit: 10 })).items.map((item) => item._id)).toEqual([ravi._id]);
    expect((await store.enquiries.list({ q: 'asha', limit: 10 })).items.map((item) => item._id)).toEqual([asha._id]);
  });

  test('the dashboard: weekly counts by form and source, the median hours to a first status change, counts by status and due', async () => {
    const { store, clock } = await fresh();
    const today = indiaDate(clock.now());
    const a = await store.enquiries.add({ ...contact('a'), sourcePage: '/homeloan' });
    const b = await store.enquiries.add(contact('b'));
    await store.enquiries.add(about('c'));
    await clock.advance(2 * HOUR);
    await store.enquiries.update(a._id, { status: 'contacted', followUpOn: today }, by('x'));
    await clock.advance(2 * HOUR);
    await store.enquiries.update(b._id, { status: 'documents-pending' }, by('x'));
    const stats = await store.enquiries.stats({ today, weeks: 12, finalStatuses: FINAL });
    expect(stats.weeks).toHaveLength(12);
    expect(stats.weeks.at(-1)).toMatchObject({ byForm: { contact: 2, about: 1 }, bySource: { '/homeloan': 1, '(direct)': 2 } });
    expect(stats.weeks.slice(0, -1).every((week) => week.byForm.contact + week.byForm.about === 0)).toBe(true);
    expect(stats.medianHoursToFirstStatusChange).toBe(3);
    expect(stats.byStatus).toEqual({ new: 1, contacted: 1, 'documents-pending': 1 });
    expect([stats.dueToday, stats.overdue]).toEqual([1, 0]);
  });

  test('the dashboard counts a week from Monday, India time: a minute either side of Sunday midnight falls in two weeks', async () => {
    const { store, clock } = await fresh();
    // Sunday 29 November 2026, 23:59 in India is 18:29 UTC.
    await clock.advance(Date.parse('2026-11-29T18:29:00.000Z') - clock.now());
    await store.enquiries.add(contact('sunday night'));
    await clock.advance(2 * 60_000);
    await store.enquiries.add(about('monday morning'));
    const stats = await store.enquiries.stats({ today: '2026-11-30', weeks: 2, finalStatuses: FINAL });
    expect(stats.weeks.map(({ weekOf, byForm }) => ({ weekOf, byForm }))).toEqual([
      { weekOf: '2026-11-23', byForm: { contact: 1, about: 0 } },
      { weekOf: '2026-11-30', byForm: { contact: 0, about: 1 } },
    ]);
  });

  test('the outbox: an enquiry stored with channels has one pending delivery each, claimed once, then recorded', async () => {
    const { store, clock } = await fresh();
    const record = await store.enquiries.add(contact('notify me'), ['email', 'webhook']);
    await store.enquiries.add(contact('quiet'));
    expect(record.notifications).toEqual({
      email: { status: 'pending', attempts: 0, nextAttemptAt: clock.now() },
      webhook: { status: 'pending', attempts: 0, nextAttemptAt: clock.now() },
    });
    const claimed = await store.enquiries.claimDueDeliveries(10, 60_000);
    expect(claimed.map((delivery) => delivery.channel).sort()).toEqual(['email', 'webhook']);
    expect(claimed[0]!.form).toBe('contact');
    expect(claimed[0]!.enquiry).toMatchObject({ _id: record._id, fields: { message: 'notify me' } });
    expect(await store.enquiries.claimDueDeliveries(10, 60_000)).toEqual([]);
    await store.enquiries.recordDelivery(record._id, 'email', { status: 'delivered', attempts: 1, nextAttemptAt: clock.now() });
    await store.enquiries.recordDelivery(record._id, 'webhook', {
      status: 'pending',
      attempts: 1,
      nextAttemptAt: clock.now() + 30_000,
      lastError: 'down',
    });
    expect(await store.enquiries.claimDueDeliveries(10, 60_000)).toEqual([]);
    await clock.advance(30_000);
    const [again] = await store.enquiries.claimDueDeliveries(10, 60_000);
    expect(again).toMatchObject({ channel: 'webhook', attempts: 1 });
    const listed = (await store.enquiries.get(record._id))!;
    expect(listed.notifications).toMatchObject({
      email: { status: 'delivered', attempts: 1 },
      webhook: { status: 'pending', attempts: 1, lastError: 'down' },
    });
    expect((await store.enquiries.list({ limit: 10 })).items.find((item) => item.fields.message === 'quiet')).not.toHaveProperty(
      'notifications',
    );
  });

  test('the outbox: a lease that runs out lets the delivery be claimed again; a deleted enquiry is never sent', async () => {
    const { store, clock } = await fresh();
    const kept = await store.enquiries.add(about('kept'), ['email']);
    const gone = await store.enquiries.add(contact('deleted'), ['email']);
    await store.enquiries.delete([gone._id]);
    expect((await store.enquiries.claimDueDeliveries(10, 60_000)).map((delivery) => delivery.enquiry._id)).toEqual([kept._id]);
    await clock.advance(59_000);
    expect(await store.enquiries.claimDueDeliveries(10, 60_000)).toEqual([]);
    await clock.advance(2_000);
    expect((await store.enquiries.claimDueDeliveries(10, 60_000)).map((delivery) => delivery.enquiry._id)).toEqual([kept._id]);
    await store.enquiries.recordDelivery(gone._id, 'email', { status: 'delivered', attempts: 1, nextAttemptAt: clock.now() });
    expect(await store.enquiries.get(gone._id)).toBeUndefined();
  });

  test('the outbox: a delivery queued for an enquiry later is claimed once, not queued twice while pending, and queued again once done', async () => {
    const { store, clock } = await fresh();
    const record = await store.enquiries.add(contact('send my link'));
    const channel = documentsChannel('request-1');
    expect(await store.enquiries.queueDelivery('no-such-enquiry', channel)).toBeUndefined();
    expect(await store.enquiries.queueDelivery(record._id, channel)).toBe('queued');
    expect(await store.enquiries.queueDelivery(record._id, channel)).toBe('pending');
    const claimed = await store.enquiries.claimDueDeliveries(10, 60_000);
    expect(claimed.map((delivery) => [delivery.channel, delivery.attempts, delivery.enquiry._id])).toEqual([[channel, 0, record._id]]);
    expect(await store.enquiries.claimDueDeliveries(10, 60_000)).toEqual([]);
    await store.enquiries.recordDelivery(record._id, channel, { status: 'delivered', attempts: 1, nextAttemptAt: clock.now() });
    expect((await store.enquiries.get(record._id))!.notifications).toMatchObject({
      [channel]: { status: 'delivered', attempts: 1, nextAttemptAt: clock.now() },
    });
    await clock.advance(1_000);
    expect(await store.enquiries.queueDelivery(record._id, channel)).toBe('queued');
    expect((await store.enquiries.get(record._id))!.notifications).toMatchObject({
      [channel]: { status: 'pending', attempts: 0, nextAttemptAt: clock.now() },
    });
    expect((await store.enquiries.claimDueDeliveries(10, 60_000)).map((delivery) => delivery.channel)).toEqual([channel]);
  });
});

/** Each enquiry's advisor: assigned by owners, taken by staff, given by _desk.yaml's rule, listed as Mine. */
eachStore("each enquiry's advisor", (fresh) => {
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

  test('an enquiry moved from another store keeps its advisor', async () => {
    const { store } = await fresh();
    const record = await store.enquiries.add(contact('moved'));
    const assigned = (await store.enquiries.update(record._id, { assignment: { to: by('asha') } }, by('owner')))!;
    const { store: other } = await fresh();
    expect(await other.enquiries.import({ ...assigned, history: assigned.history })).toBe(true);
    expect(await other.enquiries.get(record._id)).toMatchObject({ assigneeId: 'id-asha', history: assigned.history });
  });
});
