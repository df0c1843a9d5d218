import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageModule } from '../app/pageModule';
import type { Site } from '../content/site.generated';
import { blockModulePath } from './blockModules';
import { APP_SHELL_HTML, CLIENT_DIR, NOT_FOUND_HTML } from '../shared/builtSite';
import { escapeHtml } from '../shared/escapeHtml';
import { headTags } from './headTags';
import { robotsTxt, sitemapXml } from './searchFiles';
import { chunkFiles, readManifest, type Manifest } from './viteManifest';

interface ServerEntry {
  renderRoute(url: string): Promise<{ html: string; module: PageModule }>;
  routes: { path: string }[];
  site: Site;
}

/** The placeholders index.html leaves for the prerenderer. */
const HEAD_SLOT = /<title>.*?<\/title>\s*<meta name="description" content="" \/>/s;
/** The page's own assets go last in <head>, after Vite's, so block styles follow the base styles. */
const ASSET_SLOT = '</head>';
const APP_SLOT = '<!--app-->';
/** No page can have this address: page file names cannot start with an underscore. */
const NOT_FOUND_URL = '/_not-found';

/** The Devanagari face BannerBlock.css imports for the Hindi motto; preloaded where a motto shows. */
const DEVANAGARI_FONT = 'node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2';

/** Where a route's HTML goes: the server answers /route with route/index.html. */
export function htmlFileFor(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/**
 * The page's own code and styles, linked in its HTML so they load in parallel with the
 * main bundle: its data module and any lazily loaded block it shows (the EMI calculator,
 * a form). Their CSS must be in the HTML, or the prerendered block would show unstyled.
 */
function assetTags(manifest: Manifest, module: PageModule, template: string): string {
  const keys = [`virtual:content/page/${module.key}`, ...new Set(module.page.blocks.map((block) => blockModulePath(block.type)))];
  // Vite's template already links the entry and what it imports; only add what it lacks.
  const missing = (file: string) => !template.includes(`/${file}"`);
  const files = keys
    .map((key) => chunkFiles(manifest, key))
    .map((chunk) => ({ scripts: chunk.scripts.filter(missing), styles: chunk.styles.filter(missing) }));
  const styles = [...new Set(files.flatMap((chunk) => chunk.styles))].map((file) => `<link rel="stylesheet" href="/${file}" />`);
  const scripts = [...new Set(files.flatMap((chunk) => chunk.scripts))].map((file) => `<link rel="modulepreload" href="/${file}" />`);
  const hasMotto = module.page.blocks.some((block) => block.type === 'banner' && block.motto);
  const font =
    hasMotto && manifest[DEVANAGARI_FONT]
      ? [`<link rel="preload" href="/${manifest[DEVANAGARI_FONT].file}" as="font" type="font/woff2" crossorigin />`]
      : [];
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
  const listed: { route: string; updated: string }[] = [];
  for (const url of [...entry.routes.map((route) => route.path), NOT_FOUND_URL]) {
    const { html, module } = await entry.renderRoute(url);
    if (module.route) listed.push({ route: module.route, updated: module.page.reviewed ?? module.page.updated });
    const document = template
      .replace(HEAD_SLOT, headTags({ module, site: entry.site, siteUrl }))
      .replace(ASSET_SLOT, `  ${assetTags(manifest, module, template)}\n  </head>`)
      .replace(APP_SLOT, html);
    pages.push([module.route ? htmlFileFor(module.route) : NOT_FOUND_HTML, document]);
  }
  pages.push(['sitemap.xml', sitemapXml(siteUrl, listed)], ['robots.txt', robotsTxt(siteUrl)]);
  for (const [file, html] of pages) {
    const target = path.join(clientDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, html);
  }
  return pages.map(([file]) => file).filter((file) => file.endsWith('.html'));
}
