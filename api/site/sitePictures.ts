import { createHash } from 'node:crypto';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ContentFolder } from '../../src/content/contentFolder';
import { IMAGES_DIR } from '../../src/content/contentFiles';
import { PICTURE_WIDTHS, SIZES_DIR } from '../../src/content/pictureSizes';
import type { PageAsset } from '../../src/shared/siteData';

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

export interface ServedPicture extends PageAsset {
  bytes: Buffer;
  type: string;
}

/** A file served as it is: its bytes, type, and an address with a hash of its bytes. */
export interface ServedFile {
  src: string;
  bytes: Buffer;
  type: string;
}

/** Where pictures are served: /images/<name>-<hash>.<ext>, a new address whenever the picture changes, so it can be cached for ever. */
export const PICTURES_PATH = '/images/';

/** Pictures already read, by name and digest: a site built again after a publish does not read them again. */
let known = new Map<string, ServedFile>();

function served(folder: ContentFolder, file: string, seen: Map<string, ServedFile>): ServedFile | undefined {
  const ext = path.extname(file).toLowerCase();
  const type = TYPES[ext];
  if (!type || !folder.has(file)) return undefined;
  const key = `${file} ${folder.digest(file)}`;
  let found = known.get(key);
  if (!found) {
    const bytes = folder.readBytes(file);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    found = { src: `${PICTURES_PATH}${path.basename(file, ext)}-${hash}${ext}`, bytes, type };
  }
  seen.set(key, found);
  return found;
}

/**
 * The pictures of the content folder (images/…), each at an address that carries a hash of
 * its bytes and with its intrinsic size, which pages put on every <img> so nothing shifts.
 * An uploaded picture's smaller sizes and WebP versions (images/sizes/…) go with it as srcsets.
 */
export function sitePictures(folder: ContentFolder): { bySrc: Map<string, ServedPicture>; byUrl: Map<string, ServedFile> } {
  const bySrc = new Map<string, ServedPicture>();
  const byUrl = new Map<string, ServedFile>();
  const seen = new Map<string, ServedFile>();
  for (const file of folder.files.filter((name) => name.startsWith(`${IMAGES_DIR}/`) && !name.slice(IMAGES_DIR.length + 1).includes('/'))) {
    const main = served(folder, file, seen);
    if (!main) continue;
    const { width = 0, height = 0 } = imageSize(main.bytes);
    byUrl.set(main.src, main);
    const ext = path.extname(file);
    const base = path.basename(file, ext);
    const srcset = (sizeExt: string, largest?: ServedFile) => {
      const entries = PICTURE_WIDTHS.flatMap((size) => {
        const found = size < width ? served(folder, `${SIZES_DIR}/${base}-${size}${sizeExt}`, seen) : undefined;
        if (found) byUrl.set(found.src, found);
        return found ? [`${found.src} ${size}w`] : [];
      });
      const full = largest ?? served(folder, `${SIZES_DIR}/${base}-${width}${sizeExt}`, seen);
      if (!full) return undefined;
      byUrl.set(full.src, full);
      return [...entries, `${full.src} ${width}w`].join(', ');
    };
    const webp = ext === '.webp' ? undefined : srcset('.webp');
    const sizes = webp ? srcset(ext, main) : undefined;
    bySrc.set(file, {
      src: main.src,
      width,
      height,
      bytes: main.bytes,
      type: main.type,
      ...(sizes && { srcset: sizes }),
      ...(webp && { webp }),
    });
  }
  // Only the pictures of this site stay known: a picture deleted is let go.
  known = seen;
  return { bySrc, byUrl };
}
