import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml, scriptJson } from '../../src/shared/escapeHtml';
import { CSP_NONCE_META, DATA_ELEMENT, type AdminData, type PagePayload, type SiteData } from '../../src/shared/siteData';
import { APP_MODULE, LIGHT_BLOCK_MODULE, LIGHT_BLOCKS_CHUNK } from '../../src/shared/appChunks';
import { MOTTO_FONT_FILE, SITE_FONT_FILE } from '../../src/shared/fontFiles';
import { blockModulePath } from './blockModules';
import { assetNamed, chunkStyles, groupKey, type Manifest } from './viteManifest';

/** The placeholders index.html leaves for the server. */
const HEAD_SLOT = /<title>.*?<\/title>\s*<meta name="description" content="" \/>/s;
/** The page's own assets go last in <head>, after Vite's, so block styles follow the base styles. */
const ASSET_SLOT = '</head>';
const APP_SLOT = '<!--app-->';
/** After #root: the JSON the page hydrates from. */
const DATA_SLOT = '<!--data-->';
const HTML_LANG = '<html lang="en">';

/** Vite's index.html, and in a build its manifest of which files each module needs (none in the development server). */
export interface DocumentTemplate {
  html: string;
  manifest?: Manifest;
}

/** The built index.html and manifest of a client build folder. */
export function readTemplate(clientDir: string): DocumentTemplate {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  for (const slot of [APP_SLOT, DATA_SLOT, HTML_LANG])
    if (!html.includes(slot)) throw new Error(`${clientDir}/index.html is not the site's template (no ${slot}); run npm run build`);
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  return { html, manifest: existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : undefined };
}

/**
 * The styles of the app and of the blocks a page shows, linked in its HTML so the
 * server-rendered page never shows unstyled, and the Devanagari face where the first screen
 * needs it. No script: the app fetches its code once the page is painted (src/app/main.tsx).
 */
function assetTags({ manifest }: DocumentTemplate, payload: PagePayload, devanagari: boolean): string {
  if (!manifest) return '';
  const lightBlocks = groupKey(manifest, LIGHT_BLOCKS_CHUNK);
  // A light block has no entry of its own: its styles are the light blocks' chunk's.
  const keyOf = (module: string) => (LIGHT_BLOCK_MODULE.test(`/${module}`) && lightBlocks ? lightBlocks : module);
  const modules = [APP_MODULE, ...new Set(payload.page.blocks.map((block) => keyOf(blockModulePath(block.type))))];
  const styles = [...new Set(modules.flatMap((key) => chunkStyles(manifest, key)))].map(
    (file) => `<link rel="stylesheet" href="/${file}" />`,
  );
  const hasMotto = payload.page.blocks.some((block) => block.type === 'banner' && block.motto);
  // A Marathi or Hindi page sets its text and headings in the site's face; an English page only the motto, in its own face.
  const fonts = devanagari ? [SITE_FONT_FILE] : hasMotto ? [MOTTO_FONT_FILE] : [];
  const font = fonts
    .map((file) => assetNamed(manifest, file))
    .filter((chunk) => chunk !== undefined)
    .map((chunk) => `<link rel="preload" href="/${chunk.file}" as="font" type="font/woff2" crossorigin />`);
  return [...font, ...styles].join('\n    ');
}

/**
 * JSON the page carries for the browser: never run (not a script type the browser executes),
 * so the CSP allows it. (Every text goes in through a function: a "$&" in the content must stay as written.)
 */
const dataBlock = (id: string, value: unknown) => `<script type="application/json" id="${id}">${scriptJson(value)}</script>`;

/** A page's document in the parts the server keeps apart: `top`, then the app's HTML, then `siteData` and `pageData`. */
export interface DocumentParts {
  /** The head with the page's tags, styles and fonts, and the body up to the app's HTML. */
  top: string;
  /** From the app's HTML to the site's data: the same on every page of a language. */
  siteData: string;
  /** The page's own data, and the end of the document. */
  pageData: string;
}

/** The template around the app's HTML: before it, between it and the data, and after the data. */
function templateParts({ html }: DocumentTemplate): [string, string, string] {
  const [beforeApp, afterApp] = html.split(APP_SLOT) as [string, string];
  const [middle, end] = afterApp.split(DATA_SLOT) as [string, string];
  return [beforeApp, middle, end];
}

/** What follows the app's HTML up to the page's own data: the site's data, the same for every page of a language. */
export const siteDataPart = (template: DocumentTemplate, siteData: SiteData) =>
  `${templateParts(template)[1]}${dataBlock(DATA_ELEMENT.site, siteData)}`;

/**
 * One complete page, in its parts: around the server-rendered HTML of its content (readable with
 * JavaScript off and by search engines), its head tags, the styles and fonts it needs, and the data it hydrates from.
 */
export function pageDocumentParts(
  template: DocumentTemplate,
  input: { payload: PagePayload; siteData: SiteData; head: string; devanagari: boolean },
): DocumentParts {
  const { payload, siteData, head, devanagari } = input;
  const [beforeApp, , end] = templateParts(template);
  return {
    top: beforeApp
      .replace(HTML_LANG, () => `<html lang="${payload.lang}">`)
      .replace(HEAD_SLOT, () => head)
      .replace(ASSET_SLOT, () => `  ${assetTags(template, payload, devanagari)}\n  </head>`),
    siteData: siteDataPart(template, siteData),
    pageData: `\n    ${dataBlock(DATA_ELEMENT.page, payload)}${end}`,
  };
}

/**
 * Where the admin document carries its answer's CSP nonce, filled in for each request: the page
 * editor gives it to CodeMirror, whose style elements the policy then allows by that nonce alone.
 */
export const nonceMeta = (nonce: string) => `<meta name="${CSP_NONCE_META}" content="${nonce}" />`;

/** The admin screens' document: no content (they draw in the browser once the session is checked), kept out of search. */
export function adminDocument(template: DocumentTemplate, data: AdminData): string {
  return template.html
    .replace(
      HEAD_SLOT,
      () =>
        `<title>${escapeHtml(`Admin | ${data.site.name}`)}</title>\n    <meta name="robots" content="noindex, nofollow" />\n    ${nonceMeta('')}`,
    )
    .replace(APP_SLOT, '')
    .replace(DATA_SLOT, () => dataBlock(DATA_ELEMENT.site, data));
}
