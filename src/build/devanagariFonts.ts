import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { parse } from 'yaml';
import { FONT_WEIGHTS, mottoFontFile, namesFontFile, SITE_FONT_FILE } from '../shared/fontFiles';

const MODULE = 'virtual:devanagari-fonts.css';
const SITE_FAMILY = 'Site Devanagari';
const NAMES_FAMILY = 'Language Names';
const MOTTO_FAMILY = 'Hindi Motto';
/** Joiners, which choose a conjunct's form, and the dotted circle a lone vowel sign is drawn on. */
const SHAPING = '\u200c\u200d\u25cc';
/** What the full face's unicode-range covers: the Devanagari blocks, and the danda (।) and rupee sign (₹) scripts share. */
const DEVANAGARI_RANGES: [number, number][] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
  [0x20a8, 0x20a8],
  [0x20b9, 0x20b9],
  [0x20f0, 0x20f0],
];
const isDevanagari = (char: string) => DEVANAGARI_RANGES.some(([from, to]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to);
const FULL_FAMILY = 'Noto Sans Devanagari';
/** The Devanagari blocks, as Google Fonts cuts the face (fontsource declares it with no unicode-range at all). */
const FULL_RANGE = 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09';
const fullFace = (weight: number) => `noto-sans-devanagari-devanagari-${weight}-normal.woff2`;
const face = (weight: number) => path.resolve('node_modules/@fontsource/noto-sans-devanagari/files', fullFace(weight));
/** The same design with a weight axis: the site's face is one file for regular and bold. */
const VARIABLE_FACE = path.resolve(
  'node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2',
);

const fontFace = ({ family, weight, url, range }: { family: string; weight: string | number; url: string; range: string }) =>
  `@font-face {\n  font-family: '${family}';\n  font-weight: ${weight};\n  font-display: swap;\n  src: url('${url}') format('woff2');\n  unicode-range: ${range};\n}\n`;

const yamlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(path.join(dir, entry.name)) : /\.ya?ml$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );

const devanagariOf = (texts: readonly string[]) => [...new Set(texts.flatMap((text) => [...text].filter(isDevanagari)))].sort();

/** Every Devanagari character of every content file. */
function siteCharacters(pagesDir: string): string[] {
  return devanagariOf(yamlFiles(pagesDir).map((file) => readFileSync(file, 'utf8')));
}

/** The Devanagari of the languages' names, for the switcher. */
function nameCharacters(pagesDir: string): string[] {
  const site = parse(readFileSync(path.join(pagesDir, '_site.yaml'), 'utf8')) as { languages: { name: string }[] };
  return devanagariOf(site.languages.map((language) => language.name));
}

/** The Devanagari of the English pages: the Hindi motto of a banner. */
function mottoCharacters(pagesDir: string): string[] {
  const englishPages = readdirSync(pagesDir).filter((name) => /^[a-z0-9-]+\.yaml$/.test(name));
  return devanagariOf(englishPages.map((name) => readFileSync(path.join(pagesDir, name), 'utf8')));
}

const unicodeRange = (characters: readonly string[]) =>
  characters.map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');

/**
 * `import 'virtual:devanagari-fonts.css'` declares three faces cut from Noto Sans Devanagari at
 * build time (harfbuzz's subsetter keeps every conjunct the kept letters can form):
 * - "Site Devanagari": the letters the site's text uses, cut from the variable face with its
 *   weight axis kept from regular to bold: one file of about 51 KB instead of two of 52 each,
 *   for Marathi and Hindi pages (one request, preloaded); a letter a page published later brings is drawn by the full
 *   face ("Noto Sans Devanagari", declared here too, next in --font-devanagari), downloaded
 *   only by a page that has one;
 * - "Language Names" (about 2 KB) for the switcher's मराठी and हिंदी, and "Hindi Motto" (about
 *   10 KB) for the motto, so English pages show them on a phone without a Devanagari font and
 *   never download a full face.
 * unicode-range keeps each face to its characters; the files are written beside a CSS file that
 * Vite then treats like any stylesheet on disk (hashing and copying the fonts).
 */
export function devanagariFontsPlugin({ pagesDir, cacheDir }: { pagesDir: string; cacheDir: string }): Plugin {
  let stylesheet: Promise<string> | undefined;

  async function faces(family: string, characters: readonly string[], file: (weight: number) => string) {
    const text = characters.join('') + SHAPING;
    const css = await Promise.all(
      FONT_WEIGHTS.map(async (weight) => {
        writeFileSync(path.join(cacheDir, file(weight)), await subsetFont(readFileSync(face(weight)), text, { targetFormat: 'woff2' }));
        return fontFace({ family, weight, url: `./${file(weight)}`, range: unicodeRange([...text]) });
      }),
    );
    return css.join('');
  }

  /** The full face, for a letter the cut faces lack; declared with its range so Latin text never downloads it. */
  function fullFaces() {
    return FONT_WEIGHTS.map((weight) => {
      const file = path.relative(cacheDir, face(weight)).split(path.sep).join('/');
      return fontFace({ family: FULL_FAMILY, weight, url: file, range: FULL_RANGE });
    }).join('');
  }

  async function siteFace() {
    const text = siteCharacters(pagesDir).join('') + SHAPING;
    const [regular, bold] = FONT_WEIGHTS;
    const font = await subsetFont(readFileSync(VARIABLE_FACE), text, {
      targetFormat: 'woff2',
      variationAxes: { wght: { min: regular, max: bold } },
    });
    writeFileSync(path.join(cacheDir, SITE_FONT_FILE), font);
    return fontFace({ family: SITE_FAMILY, weight: `${regular} ${bold}`, url: `./${SITE_FONT_FILE}`, range: unicodeRange([...text]) });
  }

  async function write(): Promise<string> {
    mkdirSync(cacheDir, { recursive: true });
    const css = [
      fullFaces(),
      await siteFace(),
      await faces(NAMES_FAMILY, nameCharacters(pagesDir), namesFontFile),
      await faces(MOTTO_FAMILY, mottoCharacters(pagesDir), mottoFontFile),
    ];
    const file = path.join(cacheDir, 'devanagari-fonts.css');
    writeFileSync(file, css.join(''));
    return file;
  }

  return {
    name: 'devanagari-fonts',
    buildStart() {
      stylesheet = undefined;
    },
    resolveId(id) {
      if (id !== MODULE) return undefined;
      stylesheet ??= write();
      return stylesheet;
    },
  };
}
