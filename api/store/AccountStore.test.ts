import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { eachStore } from '../../tests/helpers/eachStore';
import { account } from '../../tests/helpers/storeFixtures';
import { signIn } from '../auth/signIn';
import { readConfig } from '../config';
import { requireSession, type SessionEnv } from '../middleware/requireSession';
import { LastOwnerError, UsernameTakenError } from './storeErrors';

const HOUR = 3_600_000;

/** Accounts (with the languages advisors speak), their sessions and trusted devices. */
eachStore('accounts and sessions', (fresh) => {
  test('accounts: unique usernames without case, changes, and removal with their sessions and devices', async () => {
    const { store, clock } = await fresh();
    expect(await store.accounts.add(account('Owner', 'owner'))).toBe(true);
    expect(await store.accounts.add({ ...account('owner'), id: 'other' })).toBe(false);
    await store.accounts.add(account('priya'));
    expect((await store.accounts.find('OWNER'))?.id).toBe('id-Owner');
    expect((await store.accounts.list()).map((entry) => entry.username)).toEqual(['Owner', 'priya']);
    await expect(store.accounts.update('id-priya', { username: 'owner' })).rejects.toThrow(UsernameTakenError);
    expect(await store.accounts.update('id-priya', { role: 'owner', mustChangePassword: true })).toMatchObject({
      role: 'owner',
      mustChangePassword: true,
    });
    expect(await store.accounts.update('missing', { role: 'owner' })).toBeUndefined();
    const inAnHour = clock.now() + HOUR;
    await store.accounts.createSession('s1', { accountId: 'id-priya', expiresAt: inAnHour });
    await store.accounts.addTrustedDevice('d1', { accountId: 'id-priya', expiresAt: inAnHour });
    expect(await store.accounts.isTrustedDevice('d1', 'id-priya')).toBe(true);
    expect(await store.accounts.isTrustedDevice('d1', 'id-Owner')).toBe(false);
    expect(await store.accounts.remove('id-priya')).toBe(true);
    expect(await store.accounts.getSession('s1')).toBeUndefined();
    expect(await store.accounts.isTrustedDevice('d1', 'id-priya')).toBe(false);
    expect(await store.accounts.remove('id-priya')).toBe(false);
  });

  test('sessions and trusted devices: found while valid, gone once expired; a credential change ends the others in the same write', async () => {
    const { store, clock } = await fresh();
    await store.accounts.add(account('owner', 'owner'));
    await store.accounts.add(account('priya'));
    const inAnHour = clock.now() + HOUR;
    for (const hash of ['mine', 'theirs']) await store.accounts.createSession(hash, { accountId: 'id-owner', expiresAt: inAnHour });
    await store.accounts.createSession('colleague', { accountId: 'id-priya', expiresAt: inAnHour });
    await store.accounts.createSession('short', { accountId: 'id-owner', expiresAt: clock.now() + 1000 });
    await store.accounts.addTrustedDevice('device', { accountId: 'id-owner', expiresAt: clock.now() + 1000 });
    expect(await store.accounts.getSession('mine')).toEqual({ accountId: 'id-owner', expiresAt: inAnHour });
    expect(await store.accounts.getSession('short')).toEqual({ accountId: 'id-owner', expiresAt: clock.now() + 1000 });
    await clock.advance(1000);
    expect(await store.accounts.getSession('short')).toBeUndefined();
    expect(await store.accounts.isTrustedDevice('device', 'id-owner')).toBe(false);
    await store.accounts.update('id-owner', { passwordHash: 'scrypt$new' }, { keepSession: 'mine' });
    expect(await store.accounts.getSession('mine')).toEqual({ accountId: 'id-owner', expiresAt: inAnHour });
    expect(await store.accounts.getSession('theirs')).toBeUndefined();
    expect(await store.accounts.getSession('colleague')).toEqual({ accountId: 'id-priya', expiresAt: inAnHour });
    await store.accounts.update('id-owner', { passwordHash: 'scrypt$newer' }, {});
    expect(await store.accounts.getSession('mine')).toBeUndefined();
    await store.accounts.deleteSession('colleague');
    expect(await store.accounts.getSession('colleague')).toBeUndefined();
  });

  test('accounts keep the languages they speak and whether they take new enquiries', async () => {
    const { store } = await fresh();
    await store.accounts.add(account('owner', 'owner'));
    await store.accounts.add({ ...account('asha'), languages: ['mr', 'hi'], available: true });
    expect(await store.accounts.find('asha')).toMatchObject({ languages: ['mr', 'hi'], available: true });
    expect((await store.accounts.find('owner'))!.languages).toBeUndefined();
    const changed = await store.accounts.update('id-owner', { languages: ['en'], available: true });
    expect(changed).toMatchObject({ role: 'owner', languages: ['en'], available: true });
    await store.accounts.update('id-asha', { available: false });
    const asha = (await store.accounts.list()).find((item) => item.username === 'asha')!;
    expect(asha.languages).toEqual(['mr', 'hi']);
    expect(asha.available ?? false).toBe(false);
  });

  test('accounts keep their names as enquirers read them, by language; an empty set removes them', async () => {
    const { store, restart } = await fresh();
    await store.accounts.add({ ...account('asha.patil'), displayNames: { en: 'Asha Patil' } });
    expect(await store.accounts.find('asha.patil')).toMatchObject({ displayNames: { en: 'Asha Patil' } });
    const names = { en: 'Asha Patil', mr: 'आशा पाटील', hi: 'आशा पाटिल' };
    expect(await store.accounts.update('id-asha.patil', { displayNames: names })).toMatchObject({ displayNames: names });
    // Other changes keep them.
    await store.accounts.update('id-asha.patil', { available: true });
    const reopened = await restart();
    expect((await reopened.accounts.find('asha.patil'))!.displayNames).toEqual(names);
    const cleared = await reopened.accounts.update('id-asha.patil', { displayNames: {} });
    expect(cleared!.displayNames).toBeUndefined();
  });
});

/** What sign-in relies on beyond a password: one owner always, codes spent once, idle sessions, challenges. */
eachStore('owners, second factors, idle sessions and challenges', (fresh) => {
  test('the last owner can be neither made staff nor removed, and ten rounds of two owners demoting each other at once leave one', async () => {
    const { store } = await fresh();
    await store.accounts.add(account('asha', 'owner'));
    await store.accounts.add(account('priya'));
    await expect(store.accounts.update('id-asha', { role: 'staff' })).rejects.toThrow(LastOwnerError);
    await expect(store.accounts.remove('id-asha')).rejects.toThrow(LastOwnerError);
    expect(await store.accounts.remove('id-priya')).toBe(true);
    for (let round = 0; round < 10; round++) {
      await store.accounts.add(account(`ravi${round}`, 'owner'));
      const [one, two] = (await store.accounts.list()).filter((entry) => entry.role === 'owner');
      const results = await Promise.allSettled(
        round % 2 === 0
          ? [store.accounts.update(one!.id, { role: 'staff' }), store.accounts.update(two!.id, { role: 'staff' })]
          : [store.accounts.remove(one!.id), store.accounts.remove(two!.id)],
      );
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(LastOwnerError);
      expect((await store.accounts.list()).filter((entry) => entry.role === 'owner')).toHaveLength(1);
    }
  });

  test('second factors are stored whole, and each recovery code and authenticator step is spent once', async () => {
    const { store } = await fresh();
    await store.accounts.add(account('asha', 'owner'));
    expect(await store.accounts.spendCode('id-asha', { totpStep: 5 })).toBe(false);
    const mfa = {
      totpSecret: 'JBSWY3DPEHPK3PXP',
      recoveryCodes: ['hash-1', 'hash-2'],
      passkeys: [
        { id: 'cred', publicKey: 'key', counter: 0, transports: ['internal'], name: 'Laptop', createdAt: '2026-11-24T00:00:00.000Z' },
      ],
    };
    expect((await store.accounts.update('id-asha', { mfa }))?.mfa).toEqual(mfa);
    expect((await store.accounts.get('id-asha'))?.mfa).toEqual(mfa);
    const twice = await Promise.all([
      store.accounts.spendCode('id-asha', { recoveryCode: 'hash-1' }),
      store.accounts.spendCode('id-asha', { recoveryCode: 'hash-1' }),
    ]);
    expect(twice.sort()).toEqual([false, true]);
    expect(await store.accounts.spendCode('id-asha', { recoveryCode: 'unknown' })).toBe(false);
    expect(await store.accounts.spendCode('id-asha', { totpStep: 100 })).toBe(true);
    expect(await store.accounts.spendCode('id-asha', { totpStep: 100 })).toBe(false);
    expect(await store.accounts.spendCode('id-asha', { totpStep: 99 })).toBe(false);
    expect(await store.accounts.spendCode('id-asha', { totpStep: 101 })).toBe(true);
    expect((await store.accounts.get('id-asha'))?.mfa).toEqual({ ...mfa, recoveryCodes: ['hash-2'], totpLastStep: 101 });
    expect((await store.accounts.update('id-asha', { mfa: {} }))?.mfa).toBeUndefined();
  });

  test('a password change can forget trusted devices with the other sessions, in the same write', async () => {
    const { store, clock } = await fresh();
    await store.accounts.add(account('asha', 'owner'));
    await store.accounts.add(account('priya'));
    const inAnHour = clock.now() + HOUR;
    await store.accounts.addTrustedDevice('laptop', { accountId: 'id-asha', expiresAt: inAnHour });
    await store.accounts.addTrustedDevice('colleague', { accountId: 'id-priya', expiresAt: inAnHour });
    await store.accounts.update('id-asha', { passwordHash: 'scrypt$x' }, {});
    expect(await store.accounts.isTrustedDevice('laptop', 'id-asha')).toBe(true);
    await store.accounts.update('id-asha', { passwordHash: 'scrypt$y' }, { forgetDevices: true });
    expect(await store.accounts.isTrustedDevice('laptop', 'id-asha')).toBe(false);
    expect(await store.accounts.isTrustedDevice('colleague', 'id-priya')).toBe(true);
  });

  test('a session records when it signed in, was last used, and last proved the password and the second factor', async () => {
    const { store, clock } = await fresh();
    await store.accounts.add(account('asha', 'owner'));
    const signedInAt = clock.now();
    await store.accounts.createSession('s', {
      accountId: 'id-asha',
      expiresAt: clock.now() + HOUR,
      lastSeenAt: signedInAt,
      passwordAt: signedInAt,
    });
    expect(await store.accounts.getSession('s')).toEqual({
      accountId: 'id-asha',
      expiresAt: signedInAt + HOUR,
      lastSeenAt: signedInAt,
      passwordAt: signedInAt,
    });
    await clock.advance(60_000);
    await store.accounts.touchSession('s', clock.now());
    expect((await store.accounts.getSession('s'))?.lastSeenAt).toBe(clock.now());
    await store.accounts.recordProof('s', { factorAt: clock.now() });
    expect(await store.accounts.getSession('s')).toMatchObject({ passwordAt: signedInAt, factorAt: clock.now() });
    await store.accounts.recordProof('s', { passwordAt: clock.now() });
    expect(await store.accounts.getSession('s')).toMatchObject({ passwordAt: clock.now(), factorAt: clock.now() });
    await store.accounts.touchSession('missing', clock.now());
    await store.accounts.recordProof('missing', { passwordAt: clock.now() });
    expect(await store.accounts.getSession('missing')).toBeUndefined();
  });

  test('the idle limit counts from sign-in: a session that makes no request after it ends once the limit has passed', async () => {
    const { store, clock } = await fresh();
    await store.accounts.add(account('asha', 'owner'));
    // ADMIN_IDLE_MINUTES=0.2: twelve seconds.
    const config = readConfig({ ADMIN_IDLE_MINUTES: '0.2', ADMIN_MFA: 'optional' });
    const session = signIn({ store, config, clock });
    const app = new Hono<SessionEnv>();
    app.post('/sign-in', async (c) => {
      await session.start(c, (await store.accounts.get('id-asha'))!, '', { password: true, factor: false });
      return c.body(null, 204);
    });
    app.get('/desk', requireSession(store, config, clock), (c) => c.text(c.var.signedIn.username));
    const cookieOf = async () => (await app.request('/sign-in', { method: 'POST' })).headers.getSetCookie()[0]!.split(';')[0]!;
    const desk = async (cookie: string) => (await app.request('/desk', { headers: { Cookie: cookie } })).status;

    const idle = await cookieOf();
    await clock.advance(20_000);
    expect(await desk(idle)).toBe(401);
    const busy = await cookieOf();
    await clock.advance(10_000);
    expect(await desk(busy)).toBe(200);
    await clock.advance(10_000);
    expect(await desk(busy)).toBe(200);
  });

  test('the secrets key’s check is recorded once: another key is told which one the store has', async () => {
    const { store } = await fresh();
    expect(await store.accounts.secretsKeyCheck()).toBeUndefined();
    expect(await store.accounts.recordSecretsKeyCheck('check-a')).toBe('check-a');
    expect(await store.accounts.recordSecretsKeyCheck('check-b')).toBe('check-a');
    expect(await store.accounts.secretsKeyCheck()).toBe('check-a');
  });

  test('a challenge is taken once, and not after it expires', async () => {
    const { store, clock } = await fresh();
    await store.accounts.putChallenge('login:a', 'challenge-a', clock.now() + 60_000);
    await store.accounts.putChallenge('login:b', 'challenge-b', clock.now() + 60_000);
    expect(await store.accounts.takeChallenge('login:a')).toBe('challenge-a');
    expect(await store.accounts.takeChallenge('login:a')).toBeUndefined();
    await clock.advance(60_000);
    expect(await store.accounts.takeChallenge('login:b')).toBeUndefined();
  });
});
