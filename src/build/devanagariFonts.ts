import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { parse } from 'yaml';
import { FONT_WEIGHTS, MOTTO_FONT_FILE, NAMES_FONT_FILE, SITE_FONT_FILE } from '../shared/fontFiles';

const MODULE = 'virtual:devanagari-fonts.css';
/** The server's build renders no styles: it gets an empty stylesheet, and cuts no fonts. */
const SERVER_MODULE = '\0devanagari-fonts-server.css';
const SITE_FAMILY = 'Site Devanagari';
const NAMES_FAMILY = 'Language Names';
const MOTTO_FAMILY = 'Hindi Motto';
const FULL_FAMILY = 'Noto Sans Devanagari';
/**
 * What the full face covers, as Google Fonts cuts it: the Devanagari blocks, the joiners that
 * choose a conjunct's form, the dotted circle a lone vowel sign is drawn on, and the signs other
 * scripts share (the rupee sign among them).
 */
const DEVANAGARI_RANGES: [number, number][] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0x200c, 0x200d],
  [0x20a8, 0x20a8],
  [0x20b9, 0x20b9],
  [0x20f0, 0x20f0],
  [0x25cc, 0x25cc],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
  [0x11b00, 0x11b09],
];
/** Kept in every cut face whatever the content says: the joiners and dotted circle, the dandas, and ₹, which the calculator writes. */
const ALWAYS = '\u200c\u200d\u25cc।॥₹';
const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
const FULL_RANGE = DEVANAGARI_RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
const isDevanagari = (char: string) => DEVANAGARI_RANGES.some(([from, to]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to);
const fullFace = (weight: number) =>
  path.resolve('node_modules/@fontsource/noto-sans-devanagari/files', `noto-sans-devanagari-devanagari-${weight}-normal.woff2`);
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

/** The Devanagari characters of the texts, with those always kept. */
const devanagariOf = (texts: readonly string[]) =>
  [...new Set([...ALWAYS, ...texts.flatMap((text) => [...text].filter(isDevanagari))])].sort();

/** Every Devanagari character of every content file. */
const siteCharacters = (pagesDir: string) => devanagariOf(yamlFiles(pagesDir).map((file) => readFileSync(file, 'utf8')));

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

const unicodeRange = (characters: readonly string[]) => characters.map((char) => `U+${hex(char.codePointAt(0)!)}`).join(', ');

/** Written under another name and renamed, so a build never reads a file another one is writing. */
function writeWhole(file: string, bytes: string | Uint8Array) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/**
 * `import 'virtual:devanagari-fonts.css'` declares faces cut from Noto Sans Devanagari at build
 * time (harfbuzz's subsetter keeps every conjunct the kept letters can form):
 * - "Site Devanagari": the letters the site's text uses, cut from the variable face with its
 *   weight axis kept from regular to bold: one file of about 51 KB instead of two of 52 each,
 *   for Marathi and Hindi pages (one request, preloaded); a letter a page published later
 *   brings is drawn by the full face ("Noto Sans Devanagari", declared here too with its range,
 *   next in --font-devanagari), downloaded only by a page that has one;
 * - "Language Names" (about 2 KB) for the switcher's मराठी and हिंदी, and "Hindi Motto" (about
 *   8 KB) for the motto, regular only, so English pages show them on a phone without a
 *   Devanagari font and never download a full face.
 * The files go in a folder of FONT_CACHE_DIR for this content folder, beside a CSS file that Vite
 * then treats like any stylesheet on disk (hashing and copying the fonts).
 */
export function devanagariFontsPlugin({ pagesDir, cacheDir: cacheRoot }: { pagesDir: string; cacheDir: string }): Plugin {
  const cacheDir = path.join(cacheRoot, createHash('sha256').update(pagesDir).digest('hex').slice(0, 12));
  let stylesheet: Promise<string> | undefined;

  async function regularFace(family: string, characters: readonly string[], file: string) {
    const text = characters.join('');
    writeWhole(path.join(cacheDir, file), await subsetFont(readFileSync(fullFace(400)), text, { targetFormat: 'woff2' }));
    return fontFace({ family, weight: 400, url: `./${file}`, range: unicodeRange(characters) });
  }

  async function siteFace() {
    const characters = siteCharacters(pagesDir);
    const [regular, bold] = FONT_WEIGHTS;
    const font = await subsetFont(readFileSync(VARIABLE_FACE), characters.join(''), {
      targetFormat: 'woff2',
      variationAxes: { wght: { min: regular, max: bold } },
    });
    writeWhole(path.join(cacheDir, SITE_FONT_FILE), font);
    return fontFace({ family: SITE_FAMILY, weight: `${regular} ${bold}`, url: `./${SITE_FONT_FILE}`, range: unicodeRange(characters) });
  }

  /** The full face, for a letter the cut faces lack; declared with its range so Latin text never downloads it. */
  const fullFaces = () =>
    FONT_WEIGHTS.map((weight) =>
      fontFace({
        family: FULL_FAMILY,
        weight,
        url: path.relative(cacheDir, fullFace(weight)).split(path.sep).join('/'),
        range: FULL_RANGE,
      }),
    ).join('');

  async function write(): Promise<string> {
    mkdirSync(cacheDir, { recursive: true });
    const css = [
      fullFaces(),
      await siteFace(),
      await regularFace(NAMES_FAMILY, nameCharacters(pagesDir), NAMES_FONT_FILE),
      await regularFace(MOTTO_FAMILY, mottoCharacters(pagesDir), MOTTO_FONT_FILE),
    ];
    const file = path.join(cacheDir, 'devanagari-fonts.css');
    writeWhole(file, css.join(''));
    return file;
  }

  return {
    name: 'devanagari-fonts',
    buildStart() {
      stylesheet = undefined;
    },
    resolveId(id, _importer, options) {
      if (id !== MODULE) return undefined;
      if (options.ssr) return SERVER_MODULE;
      stylesheet ??= write();
      return stylesheet;
    },
    load(id) {
      return id === SERVER_MODULE ? '' : undefined;
    },
  };
}
