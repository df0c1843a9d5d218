import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, startServer, type RunningServer } from '../helpers/server';
import { postJson, storedEnquiries } from '../helpers/storedData';

let server: RunningServer;
const url = (path: string) => new URL(path, server.url).href;

const validContact = {
  name: 'Asha Patil',
  number: '98765 43210',
  enquiry: 'Existing Business Expansion',
  email: 'asha@example.in',
  message: 'Need a term loan.',
  consent: true,
};
const validAbout = {
  name: 'Ravi Kulkarni',
  address: 'Plot 4, Waluj MIDC',
  message: 'Please call me about machinery finance.',
  phoneno: '+91-91234-56789',
  consent: true,
};

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('POST /addcontactdata and /aboutform store valid enquiries', () => {
  test('a contact enquiry is on disk, trimmed, with its phone in one normal form, id, time and source page', async () => {
    const before = Date.now();
    const { status, json } = await postJson(url('/addcontactdata'), { ...validContact, name: '  Asha Patil  ', sourcePage: '/homeloan' });
    expect(status).toBe(200);
    expect(json.message).toMatch(/received/);
    const [record] = storedEnquiries(server.dataDir, 'contact').slice(-1);
    expect(record).toMatchObject({
      form: 'contact',
      fields: { name: 'Asha Patil', number: '+919876543210', enquiry: 'Existing Business Expansion', email: 'asha@example.in' },
      sourcePage: '/homeloan',
      status: 'new',
      history: [],
    });
    expect(record!._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(record!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  test('an about-page enquiry is on disk', async () => {
    const { status } = await postJson(url('/aboutform'), validAbout);
    expect(status).toBe(200);
    expect(storedEnquiries(server.dataDir, 'about').at(-1)).toMatchObject({
      form: 'about',
      fields: { name: validAbout.name, address: validAbout.address, message: validAbout.message, phoneno: '+919123456789' },
    });
  });

  test.each([
    ['9876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['0-98765-43210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['0 6123456789', '+916123456789'],
  ])('the phone %s is stored as %s', async (typed, stored) => {
    expect((await postJson(url('/addcontactdata'), { ...validContact, number: typed })).status).toBe(200);
    expect(storedEnquiries(server.dataDir, 'contact').at(-1)!.fields.number).toBe(stored);
  });

  test('optional e-mail and message may be left empty', async () => {
    const { status } = await postJson(url('/addcontactdata'), {
      name: 'Minimal',
      number: '7000000001',
      enquiry: 'other',
      email: '',
      message: '   ',
      consent: true,
    });
    expect(status).toBe(200);
    const record = storedEnquiries(server.dataDir, 'contact').at(-1)!;
    expect(record.fields.name).toBe('Minimal');
    expect(record.fields).not.toHaveProperty('email');
  });
});

describe('bad enquiries are refused with a clear answer and nothing is stored', () => {
  const long = (length: number) => 'x'.repeat(length);
  const cases: [string, string, unknown, number, Record<string, string> | null][] = [
    ['missing name', '/addcontactdata', { ...validContact, name: undefined }, 400, { name: 'Enter your name' }],
    ['blank name', '/addcontactdata', { ...validContact, name: '   ' }, 400, { name: 'Enter your name' }],
    ['name too long', '/addcontactdata', { ...validContact, name: long(101) }, 400, { name: 'Name must be 100 characters or fewer' }],
    ['name not text', '/addcontactdata', { ...validContact, name: ['Asha'] }, 400, { name: 'Enter your name' }],
    [
      'phone too short',
      '/addcontactdata',
      { ...validContact, number: '98765' },
      400,
      { number: 'Enter a 10-digit mobile number, like 98765 43210' },
    ],
    [
      'landline-style phone',
      '/addcontactdata',
      { ...validContact, number: '0240 2345678' },
      400,
      { number: 'Enter a 10-digit mobile number, like 98765 43210' },
    ],
    [
      'phone starting with 5',
      '/addcontactdata',
      { ...validContact, number: '5876543210' },
      400,
      { number: 'Enter a 10-digit mobile number, like 98765 43210' },
    ],
    ['missing phone', '/addcontactdata', { ...validContact, number: undefined }, 400, { number: 'Enter your mobile number' }],
    [
      "the old site's value for two choices, no longer sent",
      '/addcontactdata',
      { ...validContact, enquiry: 'StartUp Help' },
      400,
      { enquiry: 'Select one of the listed options' },
    ],
    ['missing enquiry', '/addcontactdata', { ...validContact, enquiry: undefined }, 400, { enquiry: 'Select what your enquiry is about' }],
    [
      'bad e-mail',
      '/addcontactdata',
      { ...validContact, email: 'asha@' },
      400,
      { email: 'Enter an email address in the correct format, like name@example.com' },
    ],
    [
      'e-mail too long',
      '/addcontactdata',
      { ...validContact, email: `${long(250)}@x.in` },
      400,
      { email: 'Email address must be 254 characters or fewer' },
    ],
    [
      'message too long',
      '/addcontactdata',
      { ...validContact, message: long(2001) },
      400,
      { message: 'Message must be 2,000 characters or fewer' },
    ],
    ['unknown field', '/addcontactdata', { ...validContact, isAdmin: true }, 400, { isAdmin: 'This field is not part of the form' }],
    [
      'bad source page',
      '/addcontactdata',
      { ...validContact, sourcePage: 'https://evil.example' },
      400,
      { sourcePage: 'The source page is not valid' },
    ],
    ['address too long', '/aboutform', { ...validAbout, address: long(301) }, 400, { address: 'Address must be 300 characters or fewer' }],
    ['missing address', '/aboutform', { ...validAbout, address: undefined }, 400, { address: 'Enter your address' }],
    ['missing message', '/aboutform', { ...validAbout, message: '' }, 400, { message: 'Enter your message' }],
    [
      'contact fields sent to the about form',
      '/aboutform',
      validContact,
      400,
      { address: 'Enter your address', number: 'This field is not part of the form' },
    ],
    ['an array body', '/aboutform', [validAbout], 400, {}],
    ['a string body', '/aboutform', '"hello"', 400, {}],
    ['malformed JSON', '/aboutform', '{"name": "Ravi",', 400, {}],
  ];

  test.each(cases)('%s', async (_label, path, body, status, errors) => {
    const kind = path === '/aboutform' ? 'about' : 'contact';
    const storedBefore = storedEnquiries(server.dataDir, kind).length;
    const response = await postJson(url(path), body);
    expect(response.status).toBe(status);
    // The visitor is told what went wrong in words: the field messages, or why the whole request was refused.
    expect(response.json.message).toMatch(
      /^(Some answers need correcting\.|Send the form as a JSON object of its fields\.|The request body is not valid JSON\.)$/,
    );
    if (errors) for (const [field, message] of Object.entries(errors)) expect(response.json.errors?.[field]).toBe(message);
    expect(storedEnquiries(server.dataDir, kind).length).toBe(storedBefore);
  });

  test('a body that is not declared JSON gets 415', async () => {
    const response = await fetch(url('/addcontactdata'), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(validContact),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toMatch(/application\/json/);
  });

  test('a body over 16 KB gets 413, with or without a Content-Length', async () => {
    const big = JSON.stringify({ ...validContact, message: 'x'.repeat(17 * 1024) });
    expect((await postJson(url('/addcontactdata'), big)).status).toBe(413);
    const chunked = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const response = await fetch(url('/addcontactdata'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  test('a filled honeypot gets the normal answer and nothing is stored', async () => {
    const before = storedEnquiries(server.dataDir, 'contact').length;
    const response = await postJson(url('/addcontactdata'), { ...validContact, website: 'http://spam.example' });
    expect(response.status).toBe(200);
    expect(response.json.message).toMatch(/received/);
    expect(storedEnquiries(server.dataDir, 'contact').length).toBe(before);
  });

  test('other methods get 405 with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(url('/addcontactdata'), { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});

describe('500 enquiries sent at once', () => {
  test('give exactly 500 records on disk, with no duplicates and no loss', async () => {
    const before = storedEnquiries(server.dataDir, 'contact').length;
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, index) => postJson(url('/addcontactdata'), { ...validContact, message: `burst ${index}` })),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const burst = storedEnquiries(server.dataDir, 'contact').slice(before);
    expect(burst).toHaveLength(500);
    expect(new Set(burst.map((record) => record.fields.message)).size).toBe(500);
    expect(new Set(burst.map((record) => record._id)).size).toBe(500);
  }, 60_000);
});
