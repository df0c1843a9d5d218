import { createHash } from 'node:crypto';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ContentFolder } from '../../src/content/contentFolder';
import { IMAGES_DIR } from '../../src/content/contentFiles';
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

/** Where pictures are served: /images/<name>-<hash>.<ext>, a new address whenever the picture changes, so it can be cached for ever. */
export const PICTURES_PATH = '/images/';

/**
 * The pictures of the content folder (images/…), each at an address that carries a hash of
 * its bytes and with its intrinsic size, which pages put on every <img> so nothing shifts.
 */
export function sitePictures(folder: ContentFolder): { bySrc: Map<string, ServedPicture>; byUrl: Map<string, ServedPicture> } {
  const bySrc = new Map<string, ServedPicture>();
  const byUrl = new Map<string, ServedPicture>();
  for (const file of folder.files.filter((name) => name.startsWith(`${IMAGES_DIR}/`))) {
    const ext = path.extname(file).toLowerCase();
    const type = TYPES[ext];
    if (!type) continue;
    const bytes = folder.readBytes(file);
    const { width = 0, height = 0 } = imageSize(bytes);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    const src = `${PICTURES_PATH}${path.basename(file, ext)}-${hash}${ext}`;
    const picture = { src, width, height, bytes, type };
    bySrc.set(file, picture);
    byUrl.set(src, picture);
  }
  return { bySrc, byUrl };
}
