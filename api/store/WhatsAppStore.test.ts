import { expect, test } from 'vitest';
import { isoNow } from '../clock';
import type { NewIncoming, NewOutgoing } from './WhatsAppStore';
import { eachStore } from '../../tests/helpers/eachStore';
import { about, by, contact } from '../../tests/helpers/storeFixtures';

const FINAL = ['disbursed', 'closed'];
const SUNITA = '+919876543210';

const incoming = (wamid: string, extra: Partial<NewIncoming> = {}): NewIncoming => ({
  wamid,
  at: '2026-11-24T05:29:00.000Z',
  phone: SUNITA,
  kind: 'text',
  text: `Message ${wamid}`,
  ...extra,
});

/** A reply from the desk by asha, with whatever else the test sets. */
const reply = (enquiryId: string, extra: Partial<NewOutgoing> = {}): NewOutgoing => ({
  enquiryId,
  by: by('asha'),
  kind: 'text',
  text: 'Namaste',
  action: 'whatsapp-reply',
  ...extra,
});

/** WhatsApp's conversations: each message once, matched to the person's open enquiry, states forward only, posts claimed once. */
eachStore('WhatsApp conversations', (fresh) => {
  test('a message is kept once by its wamid, on the latest open enquiry of its number, and that enquiry is active now', async () => {
    const { store, clock } = await fresh();
    const older = await store.enquiries.add(contact('older'));
    await clock.advance(1000);
    const newer = await store.enquiries.add(contact('newer'));
    await store.enquiries.update(newer._id, { status: 'closed', closedReason: 'other' }, by('asha'));
    await clock.advance(60_000);

    const first = await store.whatsapp.addIncoming(incoming('wamid.1'), FINAL);
    expect(first).toMatchObject({
      taken: true,
      message: { enquiryId: older._id, direction: 'in', state: 'received', text: 'Message wamid.1' },
    });
    expect(await store.whatsapp.addIncoming(incoming('wamid.1', { text: 'a retry' }), FINAL)).toEqual({ taken: false });
    expect(await store.whatsapp.messagesOf(older._id)).toEqual([first.taken && first.message]);
    expect(await store.whatsapp.messagesOf(newer._id)).toEqual([]);
    expect((await store.enquiries.get(older._id))!.lastActivityAt).toBe(isoNow(clock));
    expect(await store.whatsapp.lastIncoming(older._id)).toBe('2026-11-24T05:29:00.000Z');
  });

  test('a stranger goes to Unmatched; once linked, a later message with the BSUID alone matches their enquiry', async () => {
    const { store, restart } = await fresh();
    const enquiry = await store.enquiries.add(about('Ravi', '+919822012345'));
    const bsuid = 'IN.1648738043044942';
    await store.whatsapp.addIncoming(incoming('wamid.a', { phone: undefined, userId: bsuid, profileName: 'Ravi K' }), FINAL);
    await store.whatsapp.addIncoming(incoming('wamid.b', { phone: '+15551234567', at: '2026-11-24T05:29:30.000Z' }), FINAL);
    expect(await store.whatsapp.unmatched(10)).toEqual([
      expect.objectContaining({ key: '+15551234567', phone: '+15551234567', count: 1 }),
      expect.objectContaining({ key: bsuid, userId: bsuid, profileName: 'Ravi K', count: 1 }),
    ]);
    expect((await store.whatsapp.unmatchedMessages(bsuid)).map((message) => message.wamid)).toEqual(['wamid.a']);

    expect(await store.whatsapp.link(bsuid, 'no-such-enquiry', by('asha'))).toBe(false);
    expect(await store.whatsapp.link(bsuid, enquiry._id, by('asha'))).toBe(true);
    expect(await store.whatsapp.link(bsuid, enquiry._id, by('asha'))).toBe(false);
    const linked = await store.enquiries.get(enquiry._id);
    expect(linked!.history.at(-1)).toMatchObject({ type: 'whatsapp', event: 'linked', by: 'asha' });
    expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({ action: 'whatsapp-link', enquiryId: enquiry._id });

    const again = await restart();
    const later = await again.whatsapp.addIncoming(incoming('wamid.c', { phone: undefined, userId: bsuid }), FINAL);
    expect(later).toMatchObject({ taken: true, message: { enquiryId: enquiry._id, phone: '+919822012345', userId: bsuid } });
    expect((await again.whatsapp.unmatched(10)).map((conversation) => conversation.key)).toEqual(['+15551234567']);
  });

  test('a BSUID seen with a number matches by that number when the number is withheld later', async () => {
    const { store } = await fresh();
    const enquiry = await store.enquiries.add(contact('known'));
    await store.whatsapp.addIncoming(incoming('wamid.1', { userId: 'IN.77' }), FINAL);
    const withheld = await store.whatsapp.addIncoming(incoming('wamid.2', { phone: undefined, userId: 'IN.77' }), FINAL);
    expect(withheld).toMatchObject({ taken: true, message: { enquiryId: enquiry._id } });
  });

  test('statuses move forward only: read before delivered ends as read; failed keeps its reason unless it was delivered', async () => {
    const { store, clock } = await fresh();
    const enquiry = await store.enquiries.add(contact('statuses'));
    const queued = await store.whatsapp.addOutgoing(reply(enquiry._id, { contact: { from: 'new', to: 'contacted' } }));
    expect(queued).toMatchObject({ direction: 'out', state: 'queued', phone: SUNITA, by: by('asha') });
    const [due] = await store.whatsapp.claimOutgoing(10, 60_000);
    expect(due).toEqual({ message: queued, to: { phone: SUNITA }, attempts: 0 });
    expect(await store.whatsapp.claimOutgoing(10, 60_000)).toEqual([]);
    await store.whatsapp.recordSend(queued!.id, { state: 'sent', wamid: 'wamid.out' });

    expect(await store.whatsapp.recordStatus('wamid.out', 'read', '2026-11-24T05:40:00.000Z')).toBe(true);
    expect(await store.whatsapp.recordStatus('wamid.out', 'delivered', '2026-11-24T05:35:00.000Z')).toBe(true);
    expect(await store.whatsapp.recordStatus('wamid.out', 'failed', '2026-11-24T05:36:00.000Z', 'nope')).toBe(true);
    expect(await store.whatsapp.recordStatus('wamid.unknown', 'read', '2026-11-24T05:40:00.000Z')).toBe(false);
    expect((await store.whatsapp.messagesOf(enquiry._id))[0]).toMatchObject({ state: 'read', stateAt: '2026-11-24T05:40:00.000Z' });

    await clock.advance(1000);
    const second = await store.whatsapp.addOutgoing(reply(enquiry._id, { text: 'Again' }));
    await store.whatsapp.claimOutgoing(10, 60_000);
    await store.whatsapp.recordSend(second!.id, { state: 'sent', wamid: 'wamid.out2' });
    await store.whatsapp.recordStatus('wamid.out2', 'failed', '2026-11-24T05:41:00.000Z', 'Message undeliverable');
    await store.whatsapp.recordStatus('wamid.out2', 'sent', '2026-11-24T05:40:30.000Z');
    expect((await store.whatsapp.messagesOf(enquiry._id))[1]).toMatchObject({ state: 'failed', error: 'Message undeliverable' });
  });

  test('a reply is written with its history entry, its first contact and its audit entry', async () => {
    const { store, clock } = await fresh();
    const enquiry = await store.enquiries.add(contact('reply'));
    await clock.advance(5 * 60_000);
    const sent = await store.whatsapp.addOutgoing(reply(enquiry._id, { contact: { from: 'new', to: 'contacted' } }));
    const after = await store.enquiries.get(enquiry._id);
    expect(after).toMatchObject({ status: 'contacted', firstContactAt: isoNow(clock), lastActivityAt: isoNow(clock) });
    expect(after!.history).toEqual([
      { at: isoNow(clock), by: 'asha', byId: 'id-asha', type: 'contact', channel: 'whatsapp', messageId: sent!.id },
      { at: isoNow(clock), by: 'asha', byId: 'id-asha', type: 'status', from: 'new', to: 'contacted' },
    ]);
    expect((await store.audit.list({ limit: 5 })).items.map((entry) => entry.action)).toEqual(['whatsapp-reply']);
    expect(await store.whatsapp.addOutgoing(reply('gone'))).toBeUndefined();
  });

  test('a message held until calling hours is not claimed before then; a failed send is queued again at its time', async () => {
    const { store, clock } = await fresh();
    const enquiry = await store.enquiries.add(contact('held'));
    const held = await store.whatsapp.addOutgoing(reply(enquiry._id, { sendAfter: new Date(clock.now() + 60 * 60_000).toISOString() }));
    expect(await store.whatsapp.claimOutgoing(10, 60_000)).toEqual([]);
    await clock.advance(60 * 60_000);
    expect((await store.whatsapp.claimOutgoing(10, 60_000)).map((due) => due.message.id)).toEqual([held!.id]);
    await store.whatsapp.recordSend(held!.id, { retryAt: new Date(clock.now() + 30_000).toISOString(), attempts: 1 });
    expect(await store.whatsapp.claimOutgoing(10, 60_000)).toEqual([]);
    await clock.advance(30_000);
    expect((await store.whatsapp.claimOutgoing(10, 60_000)).map((due) => due.message.id)).toEqual([held!.id]);
  });

  test('a post is kept until read, claimed by one caller at a time, and read again after a retry', async () => {
    const { store, clock, restart } = await fresh();
    await store.whatsapp.receive('{"one":1}');
    await clock.advance(1);
    await store.whatsapp.receive('{"two":2}');
    const again = await restart();
    const claimed = await again.whatsapp.claimPosts(10, 60_000);
    expect(claimed.map((post) => post.body)).toEqual(['{"one":1}', '{"two":2}']);
    expect(await again.whatsapp.claimPosts(10, 60_000)).toEqual([]);
    await again.whatsapp.donePost(claimed[0]!.id);
    await again.whatsapp.retryPost(claimed[1]!.id, 1, clock.now() + 5000);
    expect(await again.whatsapp.claimPosts(10, 60_000)).toEqual([]);
    await clock.advance(5000);
    expect(await again.whatsapp.claimPosts(10, 60_000)).toEqual([expect.objectContaining({ body: '{"two":2}', attempts: 1 })]);
  });

  test('a picture is kept sealed beside its message and goes with its enquiry', async () => {
    const { store } = await fresh();
    const enquiry = await store.enquiries.add(contact('picture'));
    const data = Buffer.from('sealed bytes');
    const taken = await store.whatsapp.addIncoming(
      incoming('wamid.pic', { kind: 'image', text: 'My shop', media: { type: 'image/jpeg', bytes: 2048, data } }),
      FINAL,
    );
    const message = taken.taken ? taken.message : undefined;
    expect(message).toMatchObject({ kind: 'image', media: { type: 'image/jpeg', bytes: 2048 } });
    expect(await store.whatsapp.mediaOf(message!.id)).toEqual(data);
    await store.enquiries.delete([enquiry._id]);
    expect(await store.whatsapp.mediaOf(message!.id)).toBeUndefined();
    expect(await store.whatsapp.messagesOf(enquiry._id)).toEqual([]);
    // Gone for good: the same message again is a new one (it has no enquiry to go to now).
    const again = await store.whatsapp.addIncoming(incoming('wamid.pic'), FINAL);
    expect(again.taken && again.message.enquiryId).toBeUndefined();
    expect(again.taken).toBe(true);
  });

  test('reading marks the enquiry’s incoming messages seen', async () => {
    const { store, clock } = await fresh();
    const enquiry = await store.enquiries.add(contact('seen'));
    await store.whatsapp.addIncoming(incoming('wamid.1'), FINAL);
    await store.whatsapp.markSeen(enquiry._id, isoNow(clock));
    expect((await store.whatsapp.messagesOf(enquiry._id))[0]!.seenAt).toBe(isoNow(clock));
  });
});
