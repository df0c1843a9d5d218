import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

/**
 * A piece of a document, compressed on its own so that pieces join into one gzip stream
 * without compressing anything again (as zlib's gzjoin does): raw deflate ended by a sync
 * flush, so it stops on a byte boundary and no block is marked last. A page's own pieces are
 * compressed when it is drawn, its frame's once for all the pages of that frame; putting a kept
 * page in a new frame is then a matter of joining bytes.
 */
export interface Piece {
  deflated: Buffer;
  /** CRC-32 and length of the text, which the gzip trailer holds for the whole document. */
  crc: number;
  size: number;
  /** SHA-256 of the deflated bytes: a document's ETag is made from its pieces'. */
  digest: string;
}

const deflate = promisify(deflateRaw);

export async function pieceOf(text: string): Promise<Piece> {
  const bytes = Buffer.from(text);
  // Copied to its own size: zlib answers with a view of its 16 KB output buffer, which a kept piece
  // of a few hundred bytes would otherwise hold whole (9,000 pages × 4 pieces held 600 MB).
  const deflated = Buffer.from(await deflate(bytes, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }));
  return { deflated, crc: crc32(bytes), size: bytes.length, digest: createHash('sha256').update(deflated).digest('base64url') };
}

/** The gzip header: deflate, no name or time, from an unknown system (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty fixed-Huffman block marked last: it ends the joined stream. */
const LAST_BLOCK = Buffer.from([3, 0]);

/** A document's gzip stream, to send: its pieces between the header and the trailer. */
export interface Gzipped {
  chunks: readonly Buffer[];
  /** Its ETag, from its pieces' digests. */
  etag: string;
}

/** The pieces joined, in order, into one gzip member, as any client that accepts gzip reads it. */
export function gzipOf(pieces: readonly Piece[]): Gzipped {
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.size);
    size += piece.size;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  const etag = createHash('sha256')
    .update(pieces.map((piece) => piece.digest).join(' '))
    .digest('base64url');
  return { chunks: [HEADER, ...pieces.map((piece) => piece.deflated), LAST_BLOCK, trailer], etag: `"${etag.slice(0, 27)}"` };
}

// CRC-32 of two texts joined, from the CRC-32 of each and the second's length, as zlib's
// crc32_combine computes it (zlib 1.2.12 and later; Node does not expose it): the first CRC is
// multiplied by x^(8·length) modulo the CRC's polynomial, in the bit-reflected form CRC-32 uses.
const POLYNOMIAL = 0xedb88320;
const TOP_BIT = 0x80000000;

/** a(x)·b(x) modulo the polynomial. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = TOP_BIT; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k from 0 to 31. */
const X_TO_2_TO_THE = Array.from({ length: 32 }, () => 0);
X_TO_2_TO_THE[0] = TOP_BIT >>> 1;
for (let k = 1; k < 32; k++) X_TO_2_TO_THE[k] = multiplyModP(X_TO_2_TO_THE[k - 1]!, X_TO_2_TO_THE[k - 1]!);

/** x^(n·2^k) modulo the polynomial. */
function xToTheModP(n: number, k: number): number {
  let power = TOP_BIT;
  for (; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) power = multiplyModP(X_TO_2_TO_THE[k % 32]!, power);
  return power;
}

export function crc32Combine(first: number, second: number, secondLength: number): number {
  return (multiplyModP(xToTheModP(secondLength, 3), first) ^ second) >>> 0;
}
