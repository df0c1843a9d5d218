import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { findSecretsKey, isSealedText, loadOrCreateSecretsKey, SECRETS_KEY_FILE, SecretsKey, SecretsKeyError } from './secretsKey';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'secrets-key-'));
  dirs.push(dir);
  return dir;
};
const HEX = 'ab'.repeat(32);

test('a buffer sealed with a random nonce opens only with the same key and context, and not once a byte changed', () => {
  const key = SecretsKey.fromHex(HEX, 'SECRETS_KEY');
  const plain = Buffer.from('JBSWY3DPEHPK3PXP');
  const sealed = key.encrypt(plain, 'totp:id-asha');
  expect(sealed.includes(plain)).toBe(false);
  expect(key.encrypt(plain, 'totp:id-asha').equals(sealed)).toBe(false);
  expect(key.decrypt(sealed, 'totp:id-asha')).toEqual(plain);
  expect(() => key.decrypt(sealed, 'totp:id-priya')).toThrow(SecretsKeyError);
  expect(() => SecretsKey.generate().decrypt(sealed, 'totp:id-asha')).toThrow(/another key, or changed/);
  const changed = Buffer.from(sealed);
  changed[14]! ^= 1;
  expect(() => key.decrypt(changed, 'totp:id-asha')).toThrow(SecretsKeyError);
  expect(() => key.decrypt(Buffer.alloc(4))).toThrow(/too short/);
});

test('a text is sealed as text; the check tells keys apart without giving the key away', () => {
  const key = SecretsKey.fromHex(HEX, 'SECRETS_KEY');
  const sealed = key.sealText('JBSWY3DPEHPK3PXP', 'totp:id-asha');
  expect(isSealedText(sealed)).toBe(true);
  expect(isSealedText('JBSWY3DPEHPK3PXP')).toBe(false);
  expect(key.openText(sealed, 'totp:id-asha')).toBe('JBSWY3DPEHPK3PXP');
  expect(() => key.openText('JBSWY3DPEHPK3PXP', 'totp:id-asha')).toThrow(/not sealed/);
  expect(key.check).toBe(SecretsKey.fromHex(HEX.toUpperCase(), 'x').check);
  expect(key.check).not.toBe(SecretsKey.generate().check);
  expect(key.check).not.toContain(HEX.slice(0, 8));
});

test('SECRETS_KEY comes first, then DATA_DIR/secrets.key; a first start makes the file, private, and later starts read it', () => {
  const dir = folder();
  expect(findSecretsKey(undefined, dir)).toBeUndefined();
  const made = loadOrCreateSecretsKey(undefined, dir);
  const file = path.join(dir, SECRETS_KEY_FILE);
  expect(made.created).toBe(file);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
  const again = loadOrCreateSecretsKey(undefined, dir);
  expect(again.created).toBeUndefined();
  expect(again.key.check).toBe(made.key.check);
  const given = SecretsKey.fromHex(HEX, 'SECRETS_KEY');
  expect(loadOrCreateSecretsKey(given, dir)).toEqual({ key: given, from: 'SECRETS_KEY' });
});

test('a key that is not 64 hexadecimal characters is refused, naming where it came from', () => {
  const dir = folder();
  expect(() => SecretsKey.fromHex('not a key', 'SECRETS_KEY')).toThrow('SECRETS_KEY must be 64 hexadecimal characters');
  writeFileSync(path.join(dir, SECRETS_KEY_FILE), 'short\n');
  expect(() => findSecretsKey(undefined, dir)).toThrow(`${path.join(dir, SECRETS_KEY_FILE)} must be 64 hexadecimal characters`);
});
