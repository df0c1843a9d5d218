import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { parse } from 'yaml';

const MODULE = 'virtual:language-names.css';
export const LANGUAGE_NAMES_FAMILY = 'Language Names';
const face = (weight: number) =>
  path.resolve(`node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`);

/** The characters of the languages' own names that are not Latin: मराठी and हिंदी. */
function nameCharacters(pagesDir: string): string[] {
  const site = parse(readFileSync(path.join(pagesDir, '_site.yaml'), 'utf8')) as { languages: { name: string }[] };
  return [...new Set(site.languages.flatMap((language) => [...language.name]))].filter((char) => char.codePointAt(0)! > 0x7f).sort();
}

/**
 * `import 'virtual:language-names.css'` declares a face holding only the glyphs of the
 * languages' names, a couple of KB, so the language switcher reads "मराठी" and "हिंदी" on a
 * phone without a Devanagari font, while English pages never download the full face.
 * unicode-range keeps it to those characters; the files are written beside a CSS file
 * that Vite then treats like any stylesheet on disk (hashing and copying the fonts).
 */
export function languageNamesFontPlugin({ pagesDir, cacheDir }: { pagesDir: string; cacheDir: string }): Plugin {
  let stylesheet: Promise<string> | undefined;

  async function write(): Promise<string> {
    const characters = nameCharacters(pagesDir);
    const range = characters.map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');
    mkdirSync(cacheDir, { recursive: true });
    const faces = await Promise.all(
      [400, 700].map(async (weight) => {
        const font = await subsetFont(readFileSync(face(weight)), characters.join(''), { targetFormat: 'woff2' });
        // Vite adds the content hash when it copies the file into the build.
        const file = `language-names-${weight}.woff2`;
        writeFileSync(path.join(cacheDir, file), font);
        return `@font-face {\n  font-family: '${LANGUAGE_NAMES_FAMILY}';\n  font-weight: ${weight};\n  font-display: swap;\n  src: url('./${file}') format('woff2');\n  unicode-range: ${range};\n}\n`;
      }),
    );
    const css = faces.join('');
    const file = path.join(cacheDir, 'language-names.css');
    writeFileSync(file, css);
    return file;
  }

  return {
    name: 'language-names-font',
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
