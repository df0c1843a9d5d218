import { expect, test } from 'vitest';
import type { StoredEnquiry } from '../Store';
import { PendingDeliveries } from './pendingDeliveries';

const record = (id: string, nextAttemptAt: number): StoredEnquiry => ({
  _id: id,
  createdAt: new Date(0).toISOString(),
  notifications: {
    email: { status: 'pending', attempts: 0, nextAttemptAt },
    webhook: { status: 'delivered', attempts: 1, nextAttemptAt: 0 },
  },
});

test('hands out each due, pending notification once until its lease ends', () => {
  const pending = new PendingDeliveries();
  pending.track('contact', 'a', record('a', 100));
  pending.track('about', 'b', record('b', 5000));
  expect(pending.claim(10, 1000, 200).map((due) => [due.kind, due.enquiry._id, due.channel])).toEqual([['contact', 'a', 'email']]);
  expect(pending.claim(10, 1000, 300)).toEqual([]);
  expect(pending.claim(10, 1000, 1300).map((due) => due.enquiry._id)).toEqual(['a']);
});

test('respects the batch limit, and forgets records with nothing pending', () => {
  const pending = new PendingDeliveries();
  for (const id of ['a', 'b', 'c']) pending.track('contact', id, record(id, 0));
  expect(pending.claim(2, 1000, 10)).toHaveLength(2);
  pending.track('contact', 'c', undefined);
  expect(pending.claim(10, 1000, 10)).toEqual([]);
  pending.release('a', 'email');
  expect(pending.claim(10, 1000, 10).map((due) => due.enquiry._id)).toEqual(['a']);
});
