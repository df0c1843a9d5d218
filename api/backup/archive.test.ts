import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { BackupError, readArchive, writeArchive, type Part } from './archive';

const KEY = randomBytes(32);
const PARTS: Part[] = [
  { name: 'enquiries/contact/000001.json', data: Buffer.from('{"records":[{"_id":"a","number":"9822012345"}]}') },
  { name: 'security.json', data: Buffer.from('{"accounts":[]}') },
];
const ABOUT = {
  store: 'file' as const,
  createdAt: '2026-11-24T10:00:00.000Z',
  version: 'file store 1',
  counts: { enquiries: 1, privacyRequests: 0, accounts: 0, audit: 0, pages: 0 },
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'opened',
    (error: Error) => (error instanceof BackupError ? error.message : `crashed: ${error.message}`),
  );

describe('a backup archive', () => {
  test('gives back its parts byte for byte, with a manifest of their sizes and SHA-256, with a key or without', async () => {
    for (const key of [undefined, KEY]) {
      const { bytes, manifest } = await writeArchive(ABOUT, PARTS, key);
      const opened = await readArchive(bytes, key);
      expect(opened.parts).toEqual(PARTS);
      expect(opened.manifest).toEqual(manifest);
      expect(opened.encrypted).toBe(key !== undefined);
      expect(manifest.parts[0]).toEqual({
        name: PARTS[0]!.name,
        bytes: PARTS[0]!.data.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      });
    }
  });

  test('encrypted, it holds no byte of the data in the clear', async () => {
    const { bytes } = await writeArchive(ABOUT, PARTS, KEY);
    expect(bytes.includes('9822012345')).toBe(false);
    expect(bytes.includes('records')).toBe(false);
  });

  test('a changed byte, a cut-off end, a wrong key and a missing key are each refused with their own message', async () => {
    const { bytes } = await writeArchive(ABOUT, PARTS, KEY);
    const flipped = Buffer.from(bytes);
    flipped[bytes.length - 40]! ^= 0x01;
    expect(await refusal(readArchive(flipped, KEY))).toBe(
      'The archive is damaged: its contents do not match their authentication tag, so at least one byte was changed.',
    );
    expect(await refusal(readArchive(bytes.subarray(0, bytes.length - 100), KEY))).toMatch(
      /^The archive is truncated: it holds \d+ of its \d+ bytes\. Copy it again from where it was kept\.$/,
    );
    expect(await refusal(readArchive(bytes, randomBytes(32)))).toBe(
      'The archive was made with a different BACKUP_KEY: this key cannot open it.',
    );
    expect(await refusal(readArchive(bytes))).toBe('The archive is encrypted: set BACKUP_KEY to the key it was made with.');
    expect(await refusal(readArchive(Buffer.from('{"records":[]}'), KEY))).toBe(
      'This is not a backup archive of this site: it does not start as one.',
    );
    for (const cut of [0, 5]) {
      expect(await refusal(readArchive(bytes.subarray(0, cut), KEY))).toBe(
        `The archive is truncated: it holds only ${cut} bytes. Copy it again from where it was kept.`,
      );
    }
  });

  test('with a key set, an unencrypted archive is refused: anyone could have put it there', async () => {
    const { bytes } = await writeArchive(ABOUT, PARTS);
    expect(await refusal(readArchive(bytes, KEY))).toBe(
      'The archive is not encrypted, but BACKUP_KEY is set: to restore an unencrypted archive, unset BACKUP_KEY.',
    );
  });

  test("without a key, a changed byte is still found: by the compression check or a part's checksum", async () => {
    const { bytes } = await writeArchive(ABOUT, PARTS);
    for (const offset of [bytes.length - 12, bytes.length - 60, bytes.length - 200]) {
      const flipped = Buffer.from(bytes);
      flipped[offset]! ^= 0x20;
      expect(await refusal(readArchive(flipped))).toMatch(/^The archive is damaged: /);
    }
  });
});
