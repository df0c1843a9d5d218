import { expect, test } from 'vitest';
import type { EnquirySummary } from '../store/Store';
import { fixtureWorkflow } from '../../tests/helpers/siteData';
import { enquiriesCsv } from './enquiriesCsv';

const item = (overrides: Partial<EnquirySummary>): EnquirySummary => ({
  _id: 'a',
  reference: 'VF-7K3M-92QD',
  form: 'contact',
  createdAt: '2026-11-22T04:30:00.000Z',
  fields: { name: 'Asha', number: '+919822012345', enquiry: 'other' },
  status: 'closed',
  closedReason: 'not-eligible',
  followUpOn: null,
  lastActivityAt: '2026-11-22T04:30:00.000Z',
  consent: null,
  duplicates: 1,
  ...overrides,
});

test('one row per enquiry of either form, statuses and reasons in words, campaign and consent noted', () => {
  const rows = enquiriesCsv(
    [
      item({ origin: { campaign: { source: 'google', medium: 'cpc', campaign: 'diwali-loans' }, referrer: 'www.google.com' } }),
      item({
        _id: 'b',
        form: 'about',
        fields: { name: 'Ravi', address: 'Waluj', message: 'Hi', phoneno: '+919811111111' },
        status: 'new',
        closedReason: undefined,
        consent: { noticeVersion: '1', givenAt: '2026-11-22T05:00:00.000Z' },
        duplicates: 0,
      }),
    ],
    fixtureWorkflow,
  )
    .replace(/\r\n$/, '')
    .split('\r\n');
  expect(rows[0]).toBe(
    '\uFEFFReceived (India time),Form,Status,Reason for closing,Next follow-up,Full name,Mobile number,What is your enquiry about?,Email address,Message,Address,Phone number,Source page,Campaign (source / medium / campaign),Referring site,Consent,Other enquiries from this number',
  );
  expect(rows[1]).toBe(
    '"22 Nov 2026, 10:00 am",Contact Us,Closed,Not eligible,,Asha,\'+919822012345,Other,,,,,,google / cpc / diwali-loans,www.google.com,not recorded,1',
  );
  expect(rows[2]).toBe('"22 Nov 2026, 10:00 am",About page,New,,,Ravi,,,,Hi,Waluj,\'+919811111111,,,,"notice 1, 22 Nov 2026, 10:30 am",0');
});

test('each Contact Us choice as the visitor chose it; a record from before each was kept reads as it was stored', () => {
  const choice = (enquiry: string) =>
    enquiriesCsv([item({ fields: { name: 'Asha', number: '+919822012345', enquiry } })], fixtureWorkflow)
      .split('\r\n')[1]!
      .split(',')[8];
  expect(['General Enquiry', 'Existing Business Expansion', 'New StartUp', 'other', 'StartUp Help'].map(choice)).toEqual([
    'General Enquiry',
    'Existing Business Expansion',
    'New StartUp',
    'Other',
    'StartUp Help',
  ]);
});
