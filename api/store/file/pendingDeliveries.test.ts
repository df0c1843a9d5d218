import { expect, test } from 'vitest';
import type { EnquiryRecord } from '../Store';
import { PendingDeliveries } from './pendingDeliveries';

const record = (id: string, form: EnquiryRecord['form'], nextAttemptAt: number): EnquiryRecord => ({
  _id: id,
  reference: `VF-0000-000${id.length}`,
  form,
  createdAt: new Date(0).toISOString(),
  fields: {},
  status: 'new',
  followUpOn: null,
  lastActivityAt: new Date(0).toISOString(),
  consent: null,
  history: [],
  notifications: {
    email: { status: 'pending', attempts: 0, nextAttemptAt },
    webhook: { status: 'delivered', attempts: 1, nextAttemptAt: 0 },
  },
});

test('hands out each due, pending notification once until its lease ends', () => {
  const pending = new PendingDeliveries();
  pending.track('a', record('a', 'contact', 100));
  pending.track('b', record('b', 'about', 5000));
  expect(pending.claim(10, 1000, 200).map((due) => [due.form, due.enquiry._id, due.channel])).toEqual([['contact', 'a', 'email']]);
  expect(pending.claim(10, 1000, 300)).toEqual([]);
  expect(pending.claim(10, 1000, 1300).map((due) => due.enquiry._id)).toEqual(['a']);
});

test('respects the batch limit, and forgets records with nothing pending', () => {
  const pending = new PendingDeliveries();
  for (const id of ['a', 'b', 'c']) pending.track(id, record(id, 'contact', 0));
  expect(pending.claim(2, 1000, 10)).toHaveLength(2);
  pending.track('c', undefined);
  expect(pending.claim(10, 1000, 10)).toEqual([]);
  pending.release('a', 'email');
  expect(pending.claim(10, 1000, 10).map((due) => due.enquiry._id)).toEqual(['a']);
});
