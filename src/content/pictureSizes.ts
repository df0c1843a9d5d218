/**
 * The widths an uploaded picture is served at: a picture is at most some 600 px wide on a
 * large screen, and a phone's screen has two or three pixels to a CSS pixel.
 */
export const PICTURE_WIDTHS = [400, 800, 1200] as const;

/** The widths a picture `width` pixels wide is made at: never larger than it is, and always its own width when that is smaller than the largest. */
export function sizesOf(width: number): number[] {
  const below = PICTURE_WIDTHS.filter((size) => size < width);
  return [...below, Math.min(width, PICTURE_WIDTHS.at(-1)!)];
}

/** Where each size of an uploaded picture is in the content folder: images/sizes/<name>-<width>.<ext>. */
export const SIZES_DIR = 'images/sizes';

/** Every file of the picture images/<name> in a list of content files: itself and its sizes. */
export function filesOfPicture(files: readonly string[], name: string): string[] {
  const dot = name.lastIndexOf('.');
  const base = name.slice(0, dot).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const extension = name.slice(dot + 1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const size = new RegExp(`^${SIZES_DIR}/${base}-\\d+\\.(webp|${extension})$`);
  return files.filter((file) => file === `images/${name}` || size.test(file));
}
