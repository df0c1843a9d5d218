import { expect, test } from 'vitest';
import { SecretsKey } from '../secrets/secretsKey';
import { FileStore } from '../store/file/FileStore';
import type { Account } from '../store/Store';
import { manualClock } from '../../tests/helpers/manualClock';
import { removeDir, tempDataDir } from '../../tests/helpers/server';
import { newRecoveryCodes } from './recoveryCodes';
import { sealStoredSecrets } from './secretsAtRest';
import { hasSecondFactor, openTotpSecret, spendSecondFactorCode } from './secondFactor';
import { newTotpSecret, otpauthUrl, totpCode } from './totpCodes';

test('an authenticator code works once, in its own 30 seconds and the next; a recovery code once, however it is typed', async () => {
  const dir = tempDataDir('mfa-');
  const clock = manualClock();
  const store = await FileStore.open(dir, clock);
  const secrets = SecretsKey.generate();
  let account: Account;
  const spend = (code: string) => spendSecondFactorCode(store, secrets, account, code, clock.now());
  try {
    const secret = newTotpSecret();
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    const base = { id: 'a', username: 'asha', role: 'owner' as const, passwordHash: 'x', createdAt: '2026-11-24T00:00:00.000Z' };
    expect(hasSecondFactor(base)).toBe(false);
    // Stored in clear, as an older version did: the migration at start seals it, once.
    await store.accounts.add({ ...base, mfa: { totpSecret: secret, recoveryCodes: hashes } });
    expect(await sealStoredSecrets(store, secrets)).toBe(1);
    expect(await sealStoredSecrets(store, secrets)).toBe(0);
    account = (await store.accounts.get('a'))!;
    expect(account.mfa!.totpSecret).not.toContain(secret);
    expect(openTotpSecret(secrets, 'a', account.mfa!.totpSecret!)).toBe(secret);
    expect(hasSecondFactor(account)).toBe(true);
    expect(otpauthUrl('asha', secret)).toMatch(/^otpauth:\/\/totp\/.*asha\?.*secret=/);

    const code = await totpCode(secret, clock.now());
    const wrong = code.replace(/^./, (digit) => String((Number(digit) + 5) % 10));
    expect(await spend(wrong)).toBe(false);
    expect(await spend(code)).toBe(true);
    expect(await spend(code)).toBe(false);
    await clock.advance(30_000);
    const next = await totpCode(secret, clock.now());
    await clock.advance(30_000);
    expect(await spend(next)).toBe(true);
    await clock.advance(90_000);
    expect(await spend(await totpCode(secret, clock.now() - 90_000))).toBe(false);

    expect(await spend(` ${codes[3]!.toUpperCase().replaceAll('-', ' ')} `)).toBe(true);
    expect(await spend(codes[3]!)).toBe(false);
    expect((await store.accounts.get('a'))!.mfa!.recoveryCodes).toHaveLength(9);
  } finally {
    await store.close();
    removeDir(dir);
  }
});
