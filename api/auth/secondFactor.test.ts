import { expect, test } from 'vitest';
import { FileStore } from '../store/file/FileStore';
import { manualClock } from '../../tests/helpers/manualClock';
import { removeDir, tempDataDir } from '../../tests/helpers/server';
import { newRecoveryCodes } from './recoveryCodes';
import { hasSecondFactor, spendSecondFactorCode } from './secondFactor';
import { newTotpSecret, otpauthUrl, totpCode } from './totpCodes';

test('an authenticator code works once, in its own 30 seconds and the next; a recovery code once, however it is typed', async () => {
  const dir = tempDataDir('mfa-');
  const clock = manualClock();
  const store = await FileStore.open(dir, clock);
  try {
    const secret = newTotpSecret();
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    const base = { id: 'a', username: 'asha', role: 'owner' as const, passwordHash: 'x', createdAt: '2026-11-24T00:00:00.000Z' };
    expect(hasSecondFactor(base)).toBe(false);
    await store.addAccount({ ...base, mfa: { totpSecret: secret, recoveryCodes: hashes } });
    const account = (await store.getAccount('a'))!;
    expect(hasSecondFactor(account)).toBe(true);
    expect(otpauthUrl('asha', secret)).toMatch(/^otpauth:\/\/totp\/.*asha\?.*secret=/);

    const code = await totpCode(secret, clock.now());
    const wrong = code.replace(/^./, (digit) => String((Number(digit) + 5) % 10));
    expect(await spendSecondFactorCode(store, account, wrong, clock.now())).toBe(false);
    expect(await spendSecondFactorCode(store, account, code, clock.now())).toBe(true);
    expect(await spendSecondFactorCode(store, account, code, clock.now())).toBe(false);
    await clock.advance(30_000);
    const next = await totpCode(secret, clock.now());
    await clock.advance(30_000);
    expect(await spendSecondFactorCode(store, account, next, clock.now())).toBe(true);
    await clock.advance(90_000);
    expect(await spendSecondFactorCode(store, account, await totpCode(secret, clock.now() - 90_000), clock.now())).toBe(false);

    expect(await spendSecondFactorCode(store, account, ` ${codes[3]!.toUpperCase().replaceAll('-', ' ')} `, clock.now())).toBe(true);
    expect(await spendSecondFactorCode(store, account, codes[3]!, clock.now())).toBe(false);
    expect((await store.getAccount('a'))!.mfa!.recoveryCodes).toHaveLength(9);
  } finally {
    await store.close();
    removeDir(dir);
  }
});
