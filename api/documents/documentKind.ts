import { DOCUMENT_KINDS, type DocumentType } from '../../src/shared/documents';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the bytes are: one of the accepted kinds, or what else they look like (for a refusal that says so). */
export type Sniffed = { type: DocumentType } | { other: 'svg' | 'html' | 'unknown' };

/**
 * The kind of a file by its first bytes (its "magic number"), whatever it is called: a PDF
 * starts with %PDF-, a JPEG with FF D8 FF, a PNG with its 8-byte signature, a WebP is a RIFF
 * container of type WEBP. Markup is told apart only to name it in the refusal.
 */
export function sniffDocument(bytes: Buffer): Sniffed {
  if (bytes.toString('latin1', 0, 5) === '%PDF-') return { type: 'application/pdf' };
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: 'image/jpeg' };
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return { type: 'image/png' };
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return { type: 'image/webp' };
  const head = bytes
    .toString('utf8', 0, 2048)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.includes('<svg')) return { other: 'svg' };
  if (/^<(!doctype html|html|head|body|script|!--)/.test(head) || head.includes('<html')) return { other: 'html' };
  return { other: 'unknown' };
}

export const ACCEPTED_KINDS = Object.values(DOCUMENT_KINDS)
  .map((kind) => kind.label)
  .join(', ')
  .replace(/, (\w+)$/, ' or $1');
