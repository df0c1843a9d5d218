import { crc32, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { crc32Combine, gzipOf, pieceOf } from './gzipPieces';

const texts = [
  '<!doctype html><html lang="mr"><head>',
  'मराठी मजकूर '.repeat(900),
  '',
  '<footer>Chh. Sambhajinagar</footer>',
  'x'.repeat(70_000),
];

test('pieces compressed on their own join into one gzip stream of the texts in order', async () => {
  const pieces = await Promise.all(texts.map(pieceOf));
  const joined = Buffer.concat(gzipOf(pieces).chunks);
  // gunzip checks the trailer's CRC-32 and length: a wrong one throws.
  expect(gunzipSync(joined).toString()).toBe(texts.join(''));
  expect(gunzipSync(Buffer.concat(gzipOf([pieces[3]!, pieces[0]!]).chunks)).toString()).toBe(texts[3]! + texts[0]!);
});

test('the CRC-32 of two texts joined, from the CRC-32 of each', () => {
  for (const [first, second] of [
    ['', ''],
    ['a', ''],
    ['', 'b'],
    ['header', 'body '.repeat(10_001)],
  ]) {
    const [a, b] = [Buffer.from(first!), Buffer.from(second!)];
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
  }
});

test('the ETag follows the pieces: the same pieces, the same ETag; another piece, another', async () => {
  const [head, body, other] = await Promise.all(['<head>', '<main>one</main>', '<main>two</main>'].map(pieceOf));
  expect(gzipOf([head!, body!]).etag).toBe(gzipOf([head!, body!]).etag);
  expect(gzipOf([head!, body!]).etag).not.toBe(gzipOf([head!, other!]).etag);
  expect(gzipOf([head!, body!]).etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
});
