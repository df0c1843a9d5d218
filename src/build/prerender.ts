import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageModule } from '../app/pageModule';
import type { Site } from '../content/site.generated';
import { blockModulePath } from './blockModules';
import { APP_SHELL_HTML, CLIENT_DIR, notFoundHtmlFor } from '../shared/builtSite';
import { escapeHtml } from '../shared/escapeHtml';
import { headTags } from './headTags';
import { robotsTxt, sitemapXml, type SitemapEntry } from './searchFiles';
import { chunkFiles, readManifest, type Manifest } from './viteManifest';

interface ServerEntry {
  renderRoute(url: string): Promise<{ html: string; module: PageModule }>;
  routes: { path: string; lang: string; base: string }[];
  site: Site;
}

/** The placeholders index.html leaves for the prerenderer. */
const HEAD_SLOT = /<title>.*?<\/title>\s*<meta name="description" content="" \/>/s;
/** The page's own assets go last in <head>, after Vite's, so block styles follow the base styles. */
const ASSET_SLOT = '</head>';
const APP_SLOT = '<!--app-->';
/** No page can have this address: page file names cannot start with an underscore. */
const NOT_FOUND_PATH = '_not-found';
const HTML_LANG = '<html lang="en">';

/** The Devanagari face: body text on Marathi and Hindi pages, and the Hindi motto; preloaded where either shows. */
const DEVANAGARI_FONT = (weight: number) =>
  `node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`;

/** Where a route's HTML goes: the server answers /route with route/index.html. */
export function htmlFileFor(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/**
 * The page's own code and styles, linked in its HTML so they load in parallel with the
 * main bundle: its data module and any lazily loaded block it shows (the EMI calculator,
 * a form). Their CSS must be in the HTML, or the prerendered block would show unstyled.
 */
function assetTags(manifest: Manifest, module: PageModule, template: string, language: { code: string; isSource: boolean }): string {
  const devanagari = !language.isSource;
  const keys = [
    `virtual:content/page/${module.key}`,
    // A page hydrates only once its language's words are in: fetch them alongside.
    `virtual:content/words/${language.code}`,
    ...new Set(module.page.blocks.map((block) => blockModulePath(block.type))),
  ];
  // Vite's template already links the entry and what it imports; only add what it lacks.
  const missing = (file: string) => !template.includes(`/${file}"`);
  const files = keys
    .map((key) => chunkFiles(manifest, key))
    .map((chunk) => ({ scripts: chunk.scripts.filter(missing), styles: chunk.styles.filter(missing) }));
  const styles = [...new Set(files.flatMap((chunk) => chunk.styles))].map((file) => `<link rel="stylesheet" href="/${file}" />`);
  const scripts = [...new Set(files.flatMap((chunk) => chunk.scripts))].map((file) => `<link rel="modulepreload" href="/${file}" />`);
  const hasMotto = module.page.blocks.some((block) => block.type === 'banner' && block.motto);
  // A Marathi or Hindi page sets its text and headings in it; an English page only the motto.
  const weights = devanagari ? [400, 700] : hasMotto ? [400] : [];
  const font = weights
    .map((weight) => manifest[DEVANAGARI_FONT(weight)])
    .filter((chunk) => chunk !== undefined)
    .map((chunk) => `<link rel="preload" href="/${chunk.file}" as="font" type="font/woff2" crossorigin />`);
  return [...font, ...styles, ...scripts].join('\n    ');
}

/**
 * Renders every public route to complete HTML at build time, so each page arrives
 * readable (for visitors, for readers without JavaScript, for search engines) and then
 * hydrates. Also writes the 404 page, the empty shell the admin screens start from,
 * sitemap.xml and robots.txt.
 */
export async function prerender(outDir: string, siteUrl: string): Promise<string[]> {
  const clientDir = path.join(outDir, CLIENT_DIR);
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  if (!template.includes(APP_SLOT)) throw new Error(`${clientDir}/index.html is not Vite's template; run vite build first`);
  const manifest = readManifest(clientDir);
  const entry = (await import(pathToFileURL(path.join(outDir, 'server', 'entry-server.js')).href)) as ServerEntry;

  const pages: [file: string, html: string][] = [
    [
      APP_SHELL_HTML,
      template.replace(
        HEAD_SLOT,
        `<title>${escapeHtml(`Admin | ${entry.site.name}`)}</title>\n    <meta name="robots" content="noindex, nofollow" />`,
      ),
    ],
  ];
  if (!template.includes(HTML_LANG))
    throw new Error(`index.html must open with ${HTML_LANG}; the prerenderer sets each page's language there`);
  const sourceLanguage = entry.site.languages[0]!.code;
  const listed: SitemapEntry[] = [];
  const notFounds = entry.site.languages.map(({ code }) => ({
    path: code === sourceLanguage ? `/${NOT_FOUND_PATH}` : `/${code}/${NOT_FOUND_PATH}`,
    lang: code,
    base: '',
  }));
  for (const route of [...entry.routes, ...notFounds]) {
    const { html, module } = await entry.renderRoute(route.path);
    // Every version of this page, for the hreflang links and the sitemap.
    const versions = route.base ? entry.routes.filter((other) => other.base === route.base).map(({ lang, path }) => ({ lang, path })) : [];
    if (route.base) listed.push({ route: route.path, updated: module.page.reviewed ?? module.page.updated, versions });
    const document = template
      .replace(HTML_LANG, `<html lang="${route.lang}">`)
      .replace(HEAD_SLOT, headTags({ module, site: entry.site, siteUrl, lang: route.lang, versions, sourceLanguage }))
      .replace(
        ASSET_SLOT,
        `  ${assetTags(manifest, module, template, { code: route.lang, isSource: route.lang === sourceLanguage })}\n  </head>`,
      )
      .replace(APP_SLOT, html);
    pages.push([route.base ? htmlFileFor(route.path) : notFoundHtmlFor(route.lang, sourceLanguage), document]);
  }
  pages.push(['sitemap.xml', sitemapXml(siteUrl, listed, sourceLanguage)], ['robots.txt', robotsTxt(siteUrl)]);
  for (const [file, html] of pages) {
    const target = path.join(clientDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, html);
  }
  return pages.map(([file]) => file).filter((file) => file.endsWith('.html'));
}
