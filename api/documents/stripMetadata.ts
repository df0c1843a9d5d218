import { crc32 } from 'node:zlib';
import type { DocumentType } from '../../src/shared/documents';

/** The file does not have the structure its first bytes promise (cut short, or made up). */
export class DamagedFileError extends Error {}

const damaged = (what: string) => new DamagedFileError(`The file is damaged: ${what}.`);

/**
 * A photo without its location, camera and other metadata, with its picture data byte for byte
 * as it came (nothing is decoded or compressed again, so a scan loses no sharpness). Only the
 * parts a decoder needs to draw it as it was are kept: in a JPEG its frame, tables, scans, the
 * JFIF header, colour profile and Adobe colour marker, and the photo's orientation (a phone's
 * portrait photo would lie on its side without it); in a PNG its image and colour chunks; in a
 * WebP its image, alpha, animation and colour profile chunks. Whatever a file carries after its
 * image (a second picture, a phone's video clip) goes too. A PDF is kept as it is.
 */
export function stripMetadata(type: DocumentType, bytes: Buffer): Buffer {
  switch (type) {
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/png':
      return stripPng(bytes);
    case 'image/webp':
      return stripWebp(bytes);
    default:
      return bytes;
  }
}

const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
/** Markers with no length: TEM and the restart markers. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const startsWith = (segment: Buffer, text: string) => segment.toString('latin1', 4, 4 + text.length) === text;

/**
 * The JPEG segments that draw the picture: its frame (SOFn: C0-C3, C5-C7, C9-CB, CD-CF), Huffman
 * and arithmetic tables (DHT C4, DAC CC), quantisation tables (DQT), restart interval (DRI), line
 * count (DNL) and scan headers (SOS). Anything else (a reserved JPGn marker, hierarchical
 * extras) could carry anything, so it goes.
 */
const drawsPicture = (marker: number) => (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) || (marker >= SOS && marker <= 0xdd);

/** Which JPEG segments stay, by allow-list: those that draw the picture, and the few application segments that change how it is drawn. */
function keptJpegSegment(marker: number, segment: Buffer): boolean {
  if (drawsPicture(marker)) return true;
  return (
    (marker === APP0 && startsWith(segment, 'JFIF\0')) ||
    (marker === APP2 && startsWith(segment, 'ICC_PROFILE\0')) ||
    (marker === APP14 && startsWith(segment, 'Adobe'))
  );
}

const EXIF_HEADER = 'Exif\0\0';

/** The orientation (1-8) a TIFF structure (what an Exif block holds, after "Exif\0\0" in some writers' WebP) records in its first IFD, if any. */
function tiffOrientation(exif: Buffer): number | undefined {
  const tiff = exif.toString('latin1', 0, EXIF_HEADER.length) === EXIF_HEADER ? exif.subarray(EXIF_HEADER.length) : exif;
  if (tiff.length < 8) return undefined;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  if (ifd + 2 > tiff.length) return undefined;
  for (let i = 0, entries = u16(ifd); i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** A TIFF structure holding the orientation and nothing else (big-endian, one IFD entry). */
function orientationTiff(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM\0\x2a', 0, 'latin1');
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  return tiff;
}

/** The orientation to keep: a turn, never the default. */
const turned = (orientation: number | undefined) => (orientation !== undefined && orientation !== 1 ? orientation : undefined);

function stripJpeg(bytes: Buffer): Buffer {
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let orientation: number | undefined;
  let afterJfif = 1;
  let pos = 2;
  for (;;) {
    if (pos + 2 > bytes.length) throw damaged('the JPEG ends before its last marker');
    if (bytes[pos] !== 0xff) throw damaged('a JPEG segment does not start where it should');
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    if (marker === EOI) {
      parts.push(bytes.subarray(pos, pos + 2));
      break;
    }
    if (standalone(marker)) {
      parts.push(bytes.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > bytes.length) throw damaged('a JPEG segment is cut short');
    const end = pos + 2 + bytes.readUInt16BE(pos + 2);
    if (end > bytes.length) throw damaged('a JPEG segment is cut short');
    const segment = bytes.subarray(pos, end);
    if (marker === APP1 && startsWith(segment, EXIF_HEADER)) orientation ??= tiffOrientation(segment.subarray(4));
    if (keptJpegSegment(marker, segment)) {
      parts.push(segment);
      if (marker === APP0 && parts.length === 2) afterJfif = 2;
    }
    pos = end;
    if (marker === SOS) {
      // The compressed scan runs until the next marker that is neither a stuffed FF 00 nor a restart marker.
      let scan = pos;
      while (scan + 1 < bytes.length && !(bytes[scan] === 0xff && bytes[scan + 1] !== 0 && !standalone(bytes[scan + 1]!))) scan += 1;
      if (scan + 1 >= bytes.length) throw damaged('the JPEG ends inside its picture data');
      parts.push(bytes.subarray(pos, scan));
      pos = scan;
    }
  }
  const turn = turned(orientation);
  if (turn) {
    const exif = Buffer.concat([Buffer.from(EXIF_HEADER, 'latin1'), orientationTiff(turn)]);
    const header = Buffer.from([0xff, APP1, 0, 0]);
    header.writeUInt16BE(exif.length + 2, 2);
    parts.splice(afterJfif, 0, header, exif);
  }
  return Buffer.concat(parts);
}

/** PNG chunks that draw the picture (critical, transparency, colour, pixel size and animation); text, Exif and times go. */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

/** A PNG chunk of `type` holding `data`, with its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

function stripPng(bytes: Buffer): Buffer {
  const parts: Buffer[] = [bytes.subarray(0, 8)];
  let orientation: number | undefined;
  let pos = 8;
  for (;;) {
    if (pos + 12 > bytes.length) throw damaged('the PNG ends before its last chunk');
    const end = pos + 12 + bytes.readUInt32BE(pos);
    if (end > bytes.length) throw damaged('a PNG chunk is cut short');
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (PNG_KEPT.has(type)) parts.push(bytes.subarray(pos, end));
    if (type === 'eXIf') orientation ??= tiffOrientation(bytes.subarray(pos + 8, end - 4));
    pos = end;
    if (type === 'IEND') break;
  }
  const turn = turned(orientation);
  // Right after the header chunk: an eXIf chunk must come before the picture data.
  if (turn) parts.splice(2, 0, pngChunk('eXIf', orientationTiff(turn)));
  return Buffer.concat(parts);
}

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/** The WebP chunks kept, by allow-list: those that draw the picture (VP8X's header, its image, alpha and animation) and its colour profile; an unknown chunk could carry anything. */
const WEBP_PICTURE_CHUNKS = new Set(['VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

function stripWebp(bytes: Buffer): Buffer {
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length || riffEnd < 12) throw damaged('the WebP is cut short');
  const parts: Buffer[] = [];
  let orientation: number | undefined;
  let vp8x: Buffer | undefined;
  let pos = 12;
  while (pos + 8 <= riffEnd) {
    const size = bytes.readUInt32LE(pos + 4);
    const end = pos + 8 + size + (size % 2);
    if (end > riffEnd) throw damaged('a WebP chunk is cut short');
    const type = bytes.toString('latin1', pos, pos + 4);
    if (type === 'VP8X') {
      vp8x = Buffer.from(bytes.subarray(pos, end));
      vp8x[8] = vp8x[8]! & ~(VP8X_EXIF | VP8X_XMP);
      parts.push(vp8x);
    } else if (type === 'EXIF') orientation ??= tiffOrientation(bytes.subarray(pos + 8, pos + 8 + size));
    else if (WEBP_PICTURE_CHUNKS.has(type)) parts.push(bytes.subarray(pos, end));
    pos = end;
  }
  const turn = turned(orientation);
  if (turn && vp8x) {
    // Only an extended WebP (with its VP8X header) can carry Exif; it goes after the picture.
    vp8x[8] = vp8x[8]! | VP8X_EXIF;
    const tiff = orientationTiff(turn);
    const header = Buffer.alloc(8);
    header.write('EXIF', 0, 'latin1');
    header.writeUInt32LE(tiff.length, 4);
    parts.push(header, tiff);
  }
  if (parts.length === 0) throw damaged('the WebP holds no picture');
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, ...parts]);
}
