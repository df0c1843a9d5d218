/**
 * The Devanagari faces the build makes from the site's own text (src/build/devanagariFonts.ts),
 * by the path Vite's manifest knows them by, so the server can preload the built files.
 */
export const FONT_CACHE_DIR = 'node_modules/.cache/devanagari';
export const FONT_WEIGHTS = [400, 700] as const;
/** Every Devanagari letter and sign the pages use, for Marathi and Hindi pages: one variable file, regular to bold. */
export const SITE_FONT_FILE = 'site-devanagari.woff2';
/** The languages' names, for the switcher on English pages. */
export const namesFontFile = (weight: number) => `language-names-${weight}.woff2`;
/** The Hindi motto of English pages' banners. */
export const mottoFontFile = (weight: number) => `hindi-motto-${weight}.woff2`;
export const manifestKey = (file: string) => `${FONT_CACHE_DIR}/${file}`;
