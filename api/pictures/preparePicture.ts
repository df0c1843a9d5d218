import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { SIZES_DIR, sizesOf } from '../../src/content/pictureSizes';

/** The most an upload may weigh: a phone's photo is 2–5 MB. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Pixels beyond this are refused before decoding: a small file can unpack to gigabytes (a "decompression bomb"). */
const MAX_PIXELS = 50_000_000;

type Kind = { format: 'jpeg' | 'png' | 'webp'; label: string; extensions: string[] };
const KINDS: Kind[] = [
  { format: 'jpeg', label: 'a JPEG', extensions: ['.jpg', '.jpeg'] },
  { format: 'png', label: 'a PNG', extensions: ['.png'] },
  { format: 'webp', label: 'a WebP', extensions: ['.webp'] },
];

/** The kind of picture the bytes are, by their first bytes (their "magic number"), whatever the file is called. */
function sniff(bytes: Buffer): Kind | 'svg' | undefined {
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return KINDS[0];
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return KINDS[1];
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return KINDS[2];
  const head = bytes
    .toString('utf8', 0, 1024)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.includes('<svg')) return 'svg';
  return undefined;
}

export type Refusal = { status: 400 | 413; message: string };

export interface PreparedPicture {
  /** The name under images/, from the uploaded file's name, with the fallback's extension. */
  base: string;
  extension: '.jpg' | '.png';
  width: number;
  height: number;
  /** Each size by its path in the content folder; images/<base><extension> is the largest fallback. */
  files: Record<string, Buffer>;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A file name as the start of a picture's name: shop-front from "Shop Front (1).JPG". */
export function pictureBase(fileName: string): string {
  const base = path
    .basename(fileName, path.extname(fileName))
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base || 'picture';
}

/**
 * Checks an upload and makes the sizes the site serves. The type is read from the bytes, and
 * must match the name; the picture is decoded and drawn again (turned upright first), which
 * leaves behind everything but the pixels: camera, GPS and any other metadata, and anything
 * hidden after the picture's data.
 */
export async function preparePicture(fileName: string, bytes: Buffer): Promise<PreparedPicture | Refusal> {
  if (bytes.length > MAX_PICTURE_BYTES)
    return {
      status: 413,
      message: `${fileName} is ${megabytes(bytes.length)}; a picture can be at most 5 MB. Save it smaller (a lower quality or fewer pixels) and upload it again.`,
    };
  if (bytes.length === 0) return { status: 400, message: `${fileName} is empty. Choose the picture again.` };
  const kind = sniff(bytes);
  if (kind === 'svg')
    return {
      status: 400,
      message: `${fileName} is an SVG drawing. SVG files cannot be uploaded because they can carry script; upload a JPEG, PNG or WebP picture.`,
    };
  if (!kind) return { status: 400, message: `${fileName} is not a picture the site can show. Upload a JPEG, PNG or WebP picture.` };
  const extension = path.extname(fileName).toLowerCase();
  if (!kind.extensions.includes(extension)) {
    const named = KINDS.find((other) => other.extensions.includes(extension));
    return {
      status: 400,
      message: named
        ? `${fileName} is named as ${named.label} picture but is ${kind.label} picture. Rename it to ${pictureBase(fileName)}${kind.extensions[0]} and upload it again.`
        : `${fileName} is ${kind.label} picture, but its name does not end in ${kind.extensions.join(' or ')}. Rename it and upload it again.`,
    };
  }
  const damaged = `${fileName} looks like ${kind.label} picture but cannot be read; it may be damaged. Save it again and upload it.`;
  let source: Sharp;
  let width: number;
  let height: number;
  let alpha: boolean;
  try {
    source = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const meta = await source.metadata();
    // Width and height as drawn, after turning upright by the camera's orientation.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : meta.height;
    // A PNG with an alpha channel but nothing see-through is served as a JPEG, which is far smaller.
    alpha = meta.hasAlpha && !(await source.clone().stats()).isOpaque;
  } catch (error) {
    const tooLarge = /pixel limit/i.test((error as Error).message);
    return {
      status: 400,
      message: tooLarge
        ? `${fileName} has more than ${MAX_PIXELS / 1_000_000} million pixels. Make it smaller and upload it again.`
        : damaged,
    };
  }
  const base = pictureBase(fileName);
  const fallback = alpha ? ('.png' as const) : ('.jpg' as const);
  const files: Record<string, Buffer> = {};
  let drawn = { width, height };
  const sizes = sizesOf(width);
  // The header was read above; the pixels are decoded here, so a damaged picture fails here.
  try {
    for (const size of sizes) {
      const resized = source.clone().resize({ width: size, withoutEnlargement: true });
      const encoded = alpha ? resized.clone().png({ compressionLevel: 9 }) : resized.clone().jpeg({ quality: 80, mozjpeg: true });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      const largest = size === sizes.at(-1);
      files[largest ? `images/${base}${fallback}` : `${SIZES_DIR}/${base}-${size}${fallback}`] = data;
      files[`${SIZES_DIR}/${base}-${size}.webp`] = await resized.clone().webp({ quality: 78, alphaQuality: 90 }).toBuffer();
      if (largest) drawn = { width: info.width, height: info.height };
    }
  } catch {
    return {
      status: 400,
      message: `${fileName} looks like ${kind.label} picture but cannot be read; it may be damaged. Save it again and upload it.`,
    };
  }
  return { base, extension: fallback, ...drawn, files };
}
