import { expect, test } from 'vitest';
import { addWorkingMinutes, type WorkingHours } from '../../src/shared/workingTime';
import { eachStore } from '../../tests/helpers/eachStore';
import { by, contact } from '../../tests/helpers/storeFixtures';
import { isoNow } from '../clock';
import type { NewEnquiry, Store } from './Store';

const FINAL = ['disbursed', 'closed'];

/** Monday to Saturday, 09:30 to 18:30 India time, and a target of 60 working minutes: pages-data/_desk.yaml. */
const HOURS: WorkingHours = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:30', closes: '18:30' },
];
const TARGET = 60;
const MINUTE = 60_000;
const india = (time: string) => Date.parse(`${time}+05:30`);

/** An enquiry as the route stores it: its target counted in working time from now. */
const arriving = (store: Store, now: number, message: string, extra: Partial<NewEnquiry> = {}) =>
  store.enquiries.add({ ...contact(message), firstResponseDueAt: new Date(addWorkingMinutes(now, TARGET, HOURS)).toISOString(), ...extra });

const overdueNames = async (store: Store, now: number) =>
  (await store.enquiries.list({ overdue: { now: new Date(now).toISOString(), finalStatuses: FINAL }, limit: 50 })).items.map(
    (item) => item.fields.message,
  );

/** The first-response clock: overdue enquiries, what stops the clock, and the one escalation of each. */
eachStore('the first-response clock and its escalation', (fresh) => {
  test('across a night and a Sunday: an enquiry from Saturday 18:15 is overdue only after 10:15 on Monday', async () => {
    const { store, clock } = await fresh();
    await clock.advance(india('2026-11-28T18:15') - clock.now());
    const late = await arriving(store, clock.now(), 'saturday evening');
    expect(late.firstResponseDueAt).toBe(new Date(india('2026-11-30T10:15')).toISOString());
    // One sent at 23:00 on Saturday waits for Monday's opening.
    await clock.advance(india('2026-11-28T23:00') - clock.now());
    await arriving(store, clock.now(), 'saturday night');
    for (const moment of ['2026-11-29T12:00', '2026-11-30T09:45', '2026-11-30T10:14']) {
      await clock.advance(india(moment) - clock.now());
      expect(await overdueNames(store, clock.now()), moment).toEqual([]);
    }
    await clock.advance(india('2026-11-30T10:15') - clock.now());
    expect(await overdueNames(store, clock.now())).toEqual(['saturday evening']);
    await clock.advance(india('2026-11-30T10:30') - clock.now());
    expect(await overdueNames(store, clock.now())).toEqual(['saturday night', 'saturday evening']);
    expect((await store.enquiries.list({ overdue: { now: isoNow(clock), finalStatuses: FINAL }, limit: 1 })).total).toBe(2);
  });

  test('a call, a WhatsApp message or a note marked as a contact stops the clock, a change of status does not; a closed enquiry is never overdue; one with no target never is', async () => {
    const { store, clock } = await fresh();
    const start = clock.now(); // Tuesday 11:00 in India
    const called = await arriving(store, start, 'called');
    const messaged = await arriving(store, start, 'messaged');
    const moved = await arriving(store, start, 'moved');
    const visited = await arriving(store, start, 'visited');
    const closed = await arriving(store, start, 'closed');
    await arriving(store, start, 'waiting');
    await store.enquiries.add(contact('no target'));
    await clock.advance(30 * MINUTE);
    const contacted = { from: 'new', to: 'contacted' };
    expect((await store.enquiries.recordContact(called._id, { channel: 'call', ...contacted }, by('asha')))!.firstContactAt).toBe(
      isoNow(clock),
    );
    await store.enquiries.recordContact(
      messaged._id,
      { channel: 'whatsapp', template: 'first-reply', from: 'documents-pending', to: 'submitted' },
      by('asha'),
    );
    // A card moved on the board is no contact; a note of a visit to the office, marked as one, is.
    await store.enquiries.update(moved._id, { status: 'documents-pending' }, by('asha'));
    const visit = await store.enquiries.addNote(visited._id, 'Came to the office', by('asha'), contacted);
    expect(visit).toMatchObject({ status: 'contacted', firstContactAt: isoNow(clock) });
    expect(visit!.history.map((entry) => entry.type)).toEqual(['note', 'status']);
    expect(visit!.history[0]).toMatchObject({ type: 'note', text: 'Came to the office', contact: true });
    // A follow-up or a note is no contact.
    await store.enquiries.update(closed._id, { followUpOn: '2026-12-01' }, by('asha'));
    await store.enquiries.addNote(closed._id, 'Left a voicemail', by('asha'));
    expect((await store.enquiries.get(closed._id))!.firstContactAt).toBeUndefined();
    await clock.advance(60 * MINUTE);
    expect(await overdueNames(store, clock.now())).toEqual(['waiting', 'closed', 'moved']);
    await store.enquiries.update(closed._id, { status: 'closed', closedReason: 'duplicate' }, by('owner'));
    expect(await overdueNames(store, clock.now())).toEqual(['waiting', 'moved']);
    // The first contact stays the first.
    const first = (await store.enquiries.get(called._id))!.firstContactAt;
    await clock.advance(MINUTE);
    await store.enquiries.recordContact(called._id, { channel: 'call', ...contacted }, by('asha'));
    expect((await store.enquiries.get(called._id))!.firstContactAt).toBe(first);
  });

  test('each overdue enquiry is escalated once, with its notifications in the same write, however often and from however many sweeps', async () => {
    const { store, clock } = await fresh();
    const waiting = await arriving(store, clock.now(), 'waiting');
    const answered = await arriving(store, clock.now(), 'answered');
    await store.enquiries.recordContact(answered._id, { channel: 'call', from: 'new', to: 'contacted' }, by('asha'));
    const escalation = { finalStatuses: FINAL, channels: ['escalation-email' as const, 'escalation-webhook' as const], limit: 10 };
    expect(await store.enquiries.escalateOverdue({ ...escalation, now: isoNow(clock) })).toBe(0);
    await clock.advance(61 * MINUTE);
    const now = isoNow(clock);
    const sweeps = await Promise.all([
      store.enquiries.escalateOverdue({ ...escalation, now }),
      store.enquiries.escalateOverdue({ ...escalation, now }),
    ]);
    expect(sweeps.sort()).toEqual([0, 1]);
    expect(await store.enquiries.escalateOverdue({ ...escalation, now })).toBe(0);
    const stored = (await store.enquiries.get(waiting._id))!;
    expect(stored).toMatchObject({
      escalatedAt: now,
      notifications: { 'escalation-email': { status: 'pending', attempts: 0 }, 'escalation-webhook': { status: 'pending' } },
    });
    // Still overdue on the desk until someone calls.
    expect(await overdueNames(store, clock.now())).toEqual(['waiting']);
    const due = await store.enquiries.claimDueDeliveries(10, 60_000);
    expect(due.map((delivery) => delivery.channel).sort()).toEqual(['escalation-email', 'escalation-webhook']);
    expect(due[0]!.enquiry).toMatchObject({ _id: waiting._id, firstResponseDueAt: waiting.firstResponseDueAt });
    await store.enquiries.recordDelivery(waiting._id, 'escalation-email', { status: 'delivered', attempts: 1, nextAttemptAt: clock.now() });
    expect((await store.enquiries.get(waiting._id))!.notifications?.['escalation-email']?.status).toBe('delivered');
  });

  test('an escalation with no channels marks the enquiry all the same, and a moved enquiry keeps its clock', async () => {
    const { store, clock } = await fresh();
    const waiting = await arriving(store, clock.now(), 'quiet');
    await clock.advance(2 * 60 * MINUTE);
    expect(await store.enquiries.escalateOverdue({ now: isoNow(clock), finalStatuses: FINAL, channels: [], limit: 5 })).toBe(1);
    const stored = (await store.enquiries.get(waiting._id))!;
    expect(stored.escalatedAt).toBe(isoNow(clock));
    expect(stored.notifications).toBeUndefined();
    const { store: other } = await fresh();
    await other.enquiries.import(stored);
    expect(await other.enquiries.get(waiting._id)).toMatchObject({
      firstResponseDueAt: waiting.firstResponseDueAt,
      escalatedAt: isoNow(clock),
    });
  });
});
