import path from 'node:path';
import { expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { SiteContent } from '../site/siteContent';
import type { EnquiryRecord } from '../store/Store';
import { SecretsKey } from '../secrets/secretsKey';
import { acknowledgementOf, greetingName } from './acknowledgement';

const secrets = SecretsKey.generate();

test.each([
  ['Sunita Patil', 'Sunita Patil'],
  ['  A.K.  Sharma ', 'A.K. Sharma'],
  ['Dr. Ravi Kulkarni', 'Dr. Ravi Kulkarni'],
  ['सुनीता पाटील', 'सुनीता पाटील'],
  ['रवि कुमार', 'रवि कुमार'],
])('“%s” is greeted by name', (typed, greeted) => expect(greetingName(typed)).toBe(greeted));

test.each([
  ['Cheap loans at spam.example', 'a web address'],
  ['https://spam.example/offer', 'a link'],
  ['win@spam.example', 'an e-mail address'],
  ['Call 9822012345 now', 'digits'],
  ['Visit our shop!', 'punctuation'],
  ['An exceedingly long name that runs past forty letters', 'more than 40 characters'],
  ['', 'nothing'],
])('“%s” (%s) is not', (typed) => expect(greetingName(typed)).toBeUndefined());

test('an acknowledgement for a name carrying a web address greets without the name and carries no address of the visitor’s', () => {
  const content = SiteContent.of(checkContent(diskFolder(path.resolve(import.meta.dirname, '../../pages-data'))));
  const record = (name: string, language = 'en'): EnquiryRecord => ({
    _id: 'e1',
    reference: 'VF-7K3M-92QD',
    form: 'contact',
    createdAt: '2026-11-24T05:30:00.000Z',
    fields: { name, number: '+919822012345', email: 'someone@example.in', enquiry: 'other' },
    sourcePage: '/homeloan',
    status: 'new',
    followUpOn: null,
    lastActivityAt: '2026-11-24T05:30:00.000Z',
    consent: null,
    language,
    history: [],
  });
  const spam = acknowledgementOf(content, record('Cheap loans www.spam-offers.example'), 'https://firm.example', secrets)!;
  expect(spam.text.split('\n')[0]).toBe('Namaste,');
  expect(spam.text).not.toMatch(/spam|Cheap/);
  expect(`${spam.subject}\n${spam.text}`).not.toContain('www.spam');
  const marathi = acknowledgementOf(content, record('http://x.example', 'mr'), 'https://firm.example', secrets)!;
  expect(marathi.text.split('\n')[0]).toBe('नमस्कार,');
  const named = acknowledgementOf(content, record('Sunita Patil'), 'https://firm.example', secrets)!;
  expect(named.text.split('\n')[0]).toBe('Namaste Sunita Patil,');
  // The reference, to quote on the phone, in the enquirer's language.
  expect(named.text).toContain('Your reference is VF-7K3M-92QD.');
  expect(marathi.text).toContain('तुमचा संदर्भ क्रमांक VF-7K3M-92QD आहे.');
  // The link opens the status page in the enquiry's language; the reference and key ride after the #, never sent to a server.
  expect(named.text).toContain(`https://firm.example/status#VF-7K3M-92QD.${secrets.tag('status link', 'e1')}`);
  expect(marathi.text).toMatch(/https:\/\/firm\.example\/mr\/status#VF-7K3M-92QD\.[\w-]{22}\n/);
});
