import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { isoNow, type Clock } from '../clock';
import { copyStore } from './copyStore';
import type { DocumentRequest, StoredDocument } from './DocumentStore';
import type { Store } from './Store';
import { eachStore } from '../../tests/helpers/eachStore';
import { by, contact } from '../../tests/helpers/storeFixtures';

const DAY = 24 * 60 * 60 * 1000;

async function requestFor(store: Store, clock: Clock, enquiryId: string, items = ['PAN card', 'Bank statement']): Promise<DocumentRequest> {
  const request: DocumentRequest = {
    id: randomUUID(),
    enquiryId,
    tokenHash: randomBytes(32).toString('base64url'),
    items,
    language: 'mr',
    createdAt: isoNow(clock),
    createdBy: by('asha'),
    expiresAt: new Date(clock.now() + 14 * DAY).toISOString(),
  };
  expect(await store.documents.addRequest(request)).toBe(true);
  return request;
}

const documentOf = (request: DocumentRequest, clock: Clock, item = 0): StoredDocument => ({
  id: randomUUID(),
  enquiryId: request.enquiryId,
  requestId: request.id,
  item,
  name: 'sealed:v1:name',
  type: 'application/pdf',
  bytes: 1234,
  at: isoNow(clock),
});

/** Requests for documents and the documents sent: found by the token's hash, checked as they come, erased with the enquiry and by the sweep. */
eachStore('documents through a private link', (fresh) => {
  test('a request is found by its token’s hash and listed with its enquiry; a revocation is kept once', async () => {
    const { store, clock } = await fresh();
    const enquiry = await store.enquiries.add(contact('documents'));
    const request = await requestFor(store, clock, enquiry._id);
    expect(await store.documents.requestByToken(request.tokenHash)).toEqual(request);
    expect(await store.documents.requestByToken('another')).toBeUndefined();
    expect(await store.documents.requestsOf(enquiry._id)).toEqual([request]);
    expect(await store.documents.addRequest({ ...request, id: randomUUID(), enquiryId: 'no-such-enquiry', tokenHash: 'x' })).toBe(false);
    expect(await store.documents.addRequest({ ...request, id: randomUUID() })).toBe(false);

    await clock.advance(60_000);
    const revoked = await store.documents.revokeRequest(enquiry._id, request.id, isoNow(clock), by('owner'));
    expect(revoked).toEqual({ ...request, revokedAt: isoNow(clock), revokedBy: by('owner') });
    await clock.advance(60_000);
    expect(await store.documents.revokeRequest(enquiry._id, request.id, isoNow(clock), by('asha'))).toEqual(revoked);
    expect(await store.documents.revokeRequest('another', request.id, isoNow(clock), by('asha'))).toBeUndefined();
  });

  test('a document is kept with its bytes while its request is open, up to the files its item may take', async () => {
    const { store, clock } = await fresh();
    const enquiry = await store.enquiries.add(contact('documents'));
    const request = await requestFor(store, clock, enquiry._id);
    const data = randomBytes(200_000);
    const first = documentOf(request, clock);
    expect(await store.documents.addDocument(first, data, 2)).toBe(true);
    expect(await store.documents.documentData(enquiry._id, first.id)).toEqual(data);
    expect(await store.documents.documentData('another', first.id)).toBeUndefined();
    expect(await store.documents.documentData(enquiry._id, 'no-such-document')).toBeUndefined();
    await clock.advance(1000);

    // Two uploads for the last place of an item: one is kept.
    const both = await Promise.all([
      store.documents.addDocument(documentOf(request, clock), randomBytes(10), 2),
      store.documents.addDocument(documentOf(request, clock), randomBytes(10), 2),
    ]);
    expect(both.sort()).toEqual(['full', true].sort());
    expect(await store.documents.addDocument(documentOf(request, clock, 1), randomBytes(10), 2)).toBe(true);
    const listed = await store.documents.documentsOf(enquiry._id);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toEqual(first);

    await clock.advance(15 * DAY);
    expect(await store.documents.addDocument(documentOf(request, clock, 1), randomBytes(10), 2)).toBe('closed');
    const other = await requestFor(store, clock, enquiry._id);
    await store.documents.revokeRequest(enquiry._id, other.id, isoNow(clock), by('asha'));
    expect(await store.documents.addDocument(documentOf(other, clock), randomBytes(10), 2)).toBe('closed');
    expect(await store.documents.addDocument({ ...documentOf(request, clock), requestId: 'no-such-request' }, randomBytes(10), 2)).toBe(
      'closed',
    );
    expect(await store.documents.documentsOf(enquiry._id)).toHaveLength(3);
  });

  test('erasing or deleting an enquiry erases its requests and documents; a move to another store keeps them, bytes and all', async () => {
    const { store, clock } = await fresh();
    const kept = await store.enquiries.add(contact('kept', { number: '+919811111111' }));
    const gone = await store.enquiries.add(contact('gone', { number: '+919822222222' }));
    const deleted = await store.enquiries.add(contact('deleted', { number: '+919833333333' }));
    const requests = new Map<string, DocumentRequest>();
    for (const enquiry of [kept, gone, deleted]) {
      const request = await requestFor(store, clock, enquiry._id);
      requests.set(enquiry._id, request);
      await store.documents.addDocument(documentOf(request, clock), randomBytes(1000), 5);
    }
    const goneDocument = (await store.documents.documentsOf(gone._id))[0]!;
    await store.people.erase({ phone: '9822222222' });
    await store.enquiries.delete([deleted._id]);
    for (const enquiry of [gone, deleted]) {
      expect(await store.documents.requestsOf(enquiry._id)).toEqual([]);
      expect(await store.documents.documentsOf(enquiry._id)).toEqual([]);
      expect(await store.documents.requestByToken(requests.get(enquiry._id)!.tokenHash)).toBeUndefined();
    }
    expect(await store.documents.documentData(gone._id, goneDocument.id)).toBeUndefined();
    expect((await store.documents.allDocuments()).map((document) => document.enquiryId)).toEqual([kept._id]);

    const { store: other } = await fresh();
    const report = await copyStore(store, other);
    expect(report.documentRequests).toEqual({ copied: 1, of: 1 });
    expect(report.documents).toEqual({ copied: 1, of: 1 });
    const [document] = await other.documents.allDocuments();
    expect(await other.documents.allDocuments()).toEqual(await store.documents.allDocuments());
    expect(await other.documents.allRequests()).toEqual(await store.documents.allRequests());
    expect(await other.documents.documentData(kept._id, document!.id)).toEqual(await store.documents.documentData(kept._id, document!.id));
    expect((await copyStore(store, other)).documents).toEqual({ copied: 0, of: 1 });
  });

  test('the sweep erases the documents of enquiries closed before the day given, and leaves open ones and recent ones', async () => {
    const { store, clock } = await fresh();
    const open = await store.enquiries.add(contact('open', { number: '+919811111111' }));
    const closedLongAgo = await store.enquiries.add(contact('closed long ago', { number: '+919822222222' }));
    const closedLately = await store.enquiries.add(contact('closed lately', { number: '+919833333333' }));
    for (const enquiry of [open, closedLongAgo, closedLately]) {
      const request = await requestFor(store, clock, enquiry._id);
      await store.documents.addDocument(documentOf(request, clock), randomBytes(100), 5);
    }
    await store.enquiries.update(closedLongAgo._id, { status: 'closed', closedReason: 'other' }, by('asha'));
    await clock.advance(91 * DAY);
    await store.enquiries.update(closedLately._id, { status: 'disbursed' }, by('asha'));
    await clock.advance(DAY);
    const before = new Date(clock.now() - 90 * DAY).toISOString();
    expect(await store.documents.eraseDocumentsOfClosed(before, ['disbursed', 'closed'])).toEqual({ requests: 1, documents: 1 });
    expect(await store.documents.documentsOf(closedLongAgo._id)).toEqual([]);
    expect(await store.documents.requestsOf(closedLongAgo._id)).toEqual([]);
    expect(await store.documents.documentsOf(open._id)).toHaveLength(1);
    expect(await store.documents.documentsOf(closedLately._id)).toHaveLength(1);
    expect(await store.enquiries.get(closedLongAgo._id)).toBeDefined();
    expect(await store.documents.eraseDocumentsOfClosed(before, ['disbursed', 'closed'])).toEqual({ requests: 0, documents: 0 });
  });
});
