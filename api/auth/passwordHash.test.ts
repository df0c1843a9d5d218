import { randomBytes, scryptSync } from 'node:crypto';
import { expect, test } from 'vitest';
import {
  ClientGoneError,
  hashPassword,
  HashQueueFullError,
  MAX_WAITING,
  TRUSTED_PLACES,
  SCRYPT_PARAMETERS,
  verifyPassword,
} from './passwordHash';

test('scrypt at N = 2^17, r = 8, p = 1 with a 16-byte salt; the parameters travel with the hash', async () => {
  expect(SCRYPT_PARAMETERS).toEqual({ N: 131072, r: 8, p: 1, keyLength: 64 });
  const stored = await hashPassword('correct horse');
  const [algorithm, N, r, p, salt, key] = stored.split('$');
  expect([algorithm, N, r, p]).toEqual(['scrypt', '131072', '8', '1']);
  expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
  expect(Buffer.from(key!, 'base64')).toHaveLength(64);
  expect(await hashPassword('correct horse')).not.toBe(stored);
  expect(await verifyPassword('correct horse', stored)).toBe(true);
  expect(await verifyPassword('correct hors', stored)).toBe(false);
  expect(await verifyPassword('correct horse', 'md5$whatever')).toBe(false);
}, 20_000);

test('a check whose client has gone is skipped; past the queue’s cap a check is refused at once', async () => {
  // A small cost (the parameters travel with the hash) keeps this quick; the queue works the same.
  const salt = randomBytes(16);
  const stored = ['scrypt', 1024, 8, 1, salt.toString('base64'), scryptSync('x', salt, 64, { N: 1024 }).toString('base64')].join('$');
  const gone = new AbortController();
  gone.abort();
  await expect(verifyPassword('x', stored, { signal: gone.signal })).rejects.toBeInstanceOf(ClientGoneError);
  const flood = Array.from({ length: MAX_WAITING + 3 }, () =>
    verifyPassword('y', stored).then(
      () => 'checked',
      (error: Error) => error.constructor.name,
    ),
  );
  // Staff on trusted devices still get in while the flood fills the queue, ahead of it, up to their own places.
  const order: string[] = [];
  const staff = Array.from({ length: TRUSTED_PLACES + 1 }, (_, index) =>
    verifyPassword('x', stored, { trusted: true }).then(
      () => order.push(`staff ${index}`),
      (error: Error) => error.constructor.name,
    ),
  );
  const outcomes = await Promise.all(flood);
  expect(outcomes.filter((outcome) => outcome === HashQueueFullError.name)).toHaveLength(2);
  expect(outcomes.filter((outcome) => outcome === 'checked')).toHaveLength(MAX_WAITING + 1);
  expect((await Promise.all(staff)).at(-1)).toBe(HashQueueFullError.name);
  expect(order).toEqual(['staff 0', 'staff 1']);
}, 30_000);
