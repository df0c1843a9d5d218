import { expect, test } from 'vitest';
import type { EnquiryRecord } from '../store/Store';
import { escalationMessage, escalationPayload, firstName } from './escalationMessage';

const record: EnquiryRecord = {
  _id: 'abc-1',
  reference: 'VF-7K3M-92QD',
  form: 'contact',
  createdAt: '2026-11-28T12:45:00.000Z',
  fields: { name: 'Sunita Patil', number: '+919822012345', message: 'Loan for <b>shop</b>' },
  status: 'new',
  followUpOn: null,
  lastActivityAt: '2026-11-28T12:45:00.000Z',
  consent: null,
  firstResponseDueAt: '2026-11-30T04:45:00.000Z',
  history: [],
};

test('the owners hear the first name only, when the target passed, and the link to the enquiry', () => {
  const message = escalationMessage(record, 'https://example.in');
  expect(message.subject).toBe('Enquiry waiting for a first response: Sunita');
  expect(message.text).toContain('its first-response target passed at 30 Nov 2026, 10:15 am');
  expect(message.text).toContain('Nobody is assigned to it yet.');
  expect(message.text).toContain('Open it: https://example.in/table?enquiry=abc-1');
  for (const absent of ['Patil', '9822012345', 'shop']) expect(`${message.text}${message.html}`).not.toContain(absent);
  expect(escalationPayload({ ...record, assigneeId: 'id-asha' }, 'https://example.in')).toEqual({
    type: 'enquiry.overdue',
    form: 'contact',
    enquiryId: 'abc-1',
    createdAt: record.createdAt,
    firstResponseDueAt: record.firstResponseDueAt,
    assigned: true,
    adminUrl: 'https://example.in/table?enquiry=abc-1',
  });
});

test('a first name is letters only: an address, a header or markup typed as a name never gets through', () => {
  expect(firstName('सुनीता पाटील')).toBe('सुनीता');
  expect(firstName('Mallory\r\nBcc: victim@evil.example')).toBe('Mallory');
  expect(firstName('<script>alert(1)</script>')).toBe('an enquirer');
  expect(firstName('www.evil.example')).toBe('www');
  expect(firstName(undefined)).toBe('an enquirer');
  expect(firstName('A'.repeat(100))).toHaveLength(40);
});
