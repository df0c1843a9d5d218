import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PLAIN_ENQUIRY, useOwnerSites } from '../helpers/ownerSite';
import { startServer } from '../helpers/server';

const site = useOwnerSites();
const enquiry = PLAIN_ENQUIRY;

describe('1. the login lockout cannot be raced, and the hashing queue is bounded', () => {
  test('50 wrong logins at once for one account: at most 5 are checked, the rest answer 429', async () => {
    const { server, admin } = await site();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        admin.request('POST', '/admin/login', { body: { username: 'owner', password: `guess ${index}` } }),
      ),
    );
    const checked = answers.filter((answer) => answer.status === 401);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(50 - checked.length);
    for (const answer of answers.filter((candidate) => candidate.status === 429)) {
      expect(answer.json.message).toMatch(/already being checked|Too many failed attempts/);
    }
    const files = readdirSync(path.join(server.dataDir, 'audit')).map((name) =>
      readFileSync(path.join(server.dataDir, 'audit', name), 'utf8'),
    );
    expect(files.join('').match(/sign-in-failed/g) ?? []).toHaveLength(checked.length);
  }, 60_000);

  test('a flood of sign-ins for many accounts fills the queue and the rest get 503 with Retry-After, not hours of waiting', async () => {
    const { admin } = await site();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        admin.request('POST', '/admin/login', { body: { username: `someone${index}`, password: 'whatever' } }),
      ),
    );
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every((answer) => Number(answer.headers.get('retry-after')) > 0)).toBe(true);
    expect(busy[0]!.json.message).toMatch(/try again in a few seconds/);
    expect(answers.every((answer) => [401, 503].includes(answer.status))).toBe(true);
  }, 60_000);
});

describe('2. every credential endpoint counts under the account', () => {
  test('reset-username with wrong passwords from changing addresses locks the account after 5', async () => {
    const { admin } = await site();
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (
          await admin.post('/admin/reset-username', {
            username: 'owner',
            currentPassword: `wrong ${attempt}`,
            newUsername: 'hacker',
            confirmUsername: 'hacker',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);
});

describe('3. nobody can lock the owner out', () => {
  test('while the account is locked for everyone else, the owner’s own browser still signs in', async () => {
    const { admin } = await site();
    const own = await admin.logIn('owner', 'owner pass phrase');
    const device = own.cookie.split('; ').find((pair) => pair.startsWith('device='))!;
    for (let attempt = 0; attempt < 6; attempt++) await admin.post('/admin/login', { username: 'owner', password: `attack ${attempt}` });
    expect((await admin.post('/admin/login', { username: 'owner', password: 'owner pass phrase' })).status).toBe(429);
    const trusted = await admin.request('POST', '/admin/login', {
      body: { username: 'owner', password: 'owner pass phrase' },
      cookie: device,
    });
    expect(trusted.status).toBe(200);
    // The device cookie is no pass for another account.
    expect((await admin.request('POST', '/admin/login', { body: { username: 'nobody', password: 'x' }, cookie: device })).status).toBe(401);
  }, 60_000);
});

describe('4. and 5. who the client is', () => {
  test('IPv6 clients are counted by their /64', async () => {
    const { admin } = await site({ ENQUIRY_RATE_LIMIT: '2' });
    const send = (address: string) => admin.request('POST', '/addcontactdata', { body: enquiry, address });
    expect((await send('2001:db8:1:2::1')).status).toBe(200);
    expect((await send('2001:db8:1:2:ffff::2')).status).toBe(200);
    expect((await send('2001:db8:1:2:abcd:ef01:2345:6789')).status).toBe(429);
    expect((await send('2001:db8:1:3::1')).status).toBe(200);
  });

  test('X-Forwarded-For from an address that is not a trusted proxy is ignored', async () => {
    const { admin } = await site({ ENQUIRY_RATE_LIMIT: '2', TRUST_PROXY: '10.0.0.1' });
    const statuses = [];
    for (let index = 0; index < 3; index++)
      statuses.push((await admin.request('POST', '/addcontactdata', { body: enquiry, address: `203.0.113.${index}` })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  test('the old TRUST_PROXY=1 is refused at start with the new form spelled out', async () => {
    await expect(startServer({ env: { TRUST_PROXY: '1' } })).rejects.toThrow(/TRUST_PROXY must list the addresses of the proxies/);
  });
});
