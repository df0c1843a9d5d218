import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';
import { by } from '../../tests/helpers/storeFixtures';
import { statusLinkKey } from '../notify/statusLink';

const apiApp = useApiApp({ STATUS_RATE_LIMIT: '0' });
const limitedApp = useApiApp({ STATUS_RATE_LIMIT: '5' });
const enquiry = { name: 'Asha Patil', number: '098220 12345', enquiry: 'New StartUp', consent: true };

async function withEnquiry(language = 'en', open = apiApp) {
  const app = await open();
  const sent = await app.call('POST', '/addcontactdata', { body: { ...enquiry, lang: language } });
  return { ...app, reference: sent.json.reference as string };
}

test('the reference with the number given on it answers the stage, the day it arrived, never cached', async () => {
  const { call, store, reference } = await withEnquiry();
  const typed = reference.toLowerCase().replace(/-/g, ' ');
  const answer = await call('POST', '/api/status', { body: { reference: typed, phone: '+91 98220 12345' } });
  expect(answer.status).toBe(200);
  expect(answer.json).toEqual({ reference, stage: 'received', receivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown });
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const [stored] = (await store.enquiries.list({ reference, limit: 1 })).items;
  for (const [status, stage] of [
    ['contacted', 'assigned'],
    ['documents-pending', 'documents'],
    ['submitted', 'submitted'],
    ['sanctioned', 'decided'],
    ['disbursed', 'decided'],
  ] as const) {
    await store.enquiries.update(stored!._id, { status }, by('asha'));
    expect((await call('POST', '/api/status', { body: { reference, phone: '9822012345' } })).json.stage).toBe(stage);
  }
  await store.enquiries.update(stored!._id, { status: 'closed', closedReason: 'duplicate' }, by('asha'));
  expect((await call('POST', '/api/status', { body: { reference, phone: '9822012345' } })).json.stage).toBe('closed');
});

test('a wrong number, a reference nobody has and a made-up key all get the one message, in the page’s language', async () => {
  const { call, reference } = await withEnquiry();
  const answers = [
    await call('POST', '/api/status', { body: { reference, phone: '9822099999' } }),
    await call('POST', '/api/status', {
      body: { reference: reference === 'VF-0000-0000' ? 'VF-0000-0001' : 'VF-0000-0000', phone: '9822012345' },
    }),
    await call('POST', '/api/status', { body: { reference, key: 'A'.repeat(22) } }),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
  expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
  expect(answers[0]!.json.message).toMatch(/^We could not find an enquiry with this reference and mobile number/);
  const marathi = await call('POST', '/api/status', { body: { reference, phone: '9822099999', lang: 'mr' } });
  expect(marathi.json.message).toMatch(/^या संदर्भ क्रमांकाची आणि मोबाइल नंबरची चौकशी आम्हाला सापडली नाही/);
});

test('the key of the acknowledgement’s link stands in for the number', async () => {
  const { call, store, secrets, reference } = await withEnquiry();
  const [stored] = (await store.enquiries.list({ reference, limit: 1 })).items;
  const answer = await call('POST', '/api/status', { body: { reference, key: statusLinkKey(secrets, stored!._id) } });
  expect(answer.json).toMatchObject({ reference, stage: 'received' });
});

test('bad questions get 400 with a message per field, and neither number nor key is a 400 on the number', async () => {
  const { call } = await apiApp();
  const bad = await call('POST', '/api/status', { body: { reference: 'my enquiry', phone: '123' } });
  expect(bad.status).toBe(400);
  expect(bad.json.errors).toEqual({
    reference: 'Enter the reference as we gave it, like VF-72QD-93KM',
    phone: 'Enter a 10-digit mobile number, like 98765 43210',
  });
  const noNumber = await call('POST', '/api/status', { body: { reference: 'VF-72QD-93KM' } });
  expect(noNumber.status).toBe(400);
  expect(noNumber.json.errors).toEqual({ phone: 'Enter the mobile number you gave us' });
  expect((await call('POST', '/api/status', { body: { reference: 'VF-72QD-93KM', phone: '9822012345', name: 'x' } })).status).toBe(400);
  expect((await call('GET', '/api/status')).status).toBe(405);
});

test('each client may ask STATUS_RATE_LIMIT times in a window; another client still may; the store keeps no address', async () => {
  const { call, dir, reference } = await withEnquiry('en', limitedApp);
  for (let i = 0; i < 5; i++)
    expect((await call('POST', '/api/status', { body: { reference, phone: '9822099999' }, address: '203.0.113.9' })).status).toBe(404);
  const refused = await call('POST', '/api/status', { body: { reference, phone: '9822012345', lang: 'hi' }, address: '203.0.113.9' });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(refused.json.message).toMatch(/^पिछले कुछ मिनटों में आपने कई बार कोशिश की है/);
  expect((await call('POST', '/api/status', { body: { reference, phone: '9822012345' }, address: '203.0.113.10' })).status).toBe(200);
  const { readdirSync, readFileSync, statSync } = await import('node:fs');
  const path = await import('node:path');
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((file) => statSync(path.join(dir, file)).isFile());
  for (const file of files) expect(readFileSync(path.join(dir, file), 'utf8')).not.toContain('203.0.113');
});

test('the advisor is named as the owner set it for enquirers, in the page’s language, else in English; never by the username', async () => {
  const { call, store, account, reference } = await withEnquiry('mr');
  await account('asha.patil', 'staff');
  const asha = (await store.accounts.find('asha.patil'))!;
  const [stored] = (await store.enquiries.list({ reference, limit: 1 })).items;
  await store.enquiries.update(stored!._id, { assignment: { to: asha } }, by('owner'));
  const ask = async (lang: string) => (await call('POST', '/api/status', { body: { reference, phone: '9822012345', lang } })).json;
  // No name set: the page says only that an advisor is looking after it.
  expect(await ask('mr')).toMatchObject({ stage: 'assigned' });
  expect(await ask('mr')).not.toHaveProperty('advisor');
  await store.accounts.update(asha.id, { displayNames: { en: 'Asha Patil', mr: 'आशा पाटील' } });
  expect(await ask('mr')).toMatchObject({ advisor: 'आशा पाटील' });
  expect(await ask('en')).toMatchObject({ advisor: 'Asha Patil' });
  expect(await ask('hi')).toMatchObject({ advisor: 'Asha Patil' });
});
