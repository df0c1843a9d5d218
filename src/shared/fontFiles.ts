/**
 * The Devanagari faces the build makes from the site's own text (src/build/devanagariFonts.ts),
 * by file name, so the server can find the built files in Vite's manifest and preload them.
 */
export const FONT_CACHE_DIR = 'node_modules/.cache/devanagari';
export const FONT_WEIGHTS = [400, 700] as const;
/** Every Devanagari letter and sign the pages use, for Marathi and Hindi pages: one variable file, regular to bold. */
export const SITE_FONT_FILE = 'site-devanagari.woff2';
/** The languages' names, for the switcher on English pages. */
export const NAMES_FONT_FILE = 'language-names.woff2';
/** The Hindi motto of English pages' banners. */
export const MOTTO_FONT_FILE = 'hindi-motto.woff2';
