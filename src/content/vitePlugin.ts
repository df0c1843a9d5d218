import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { checkContent, type Content } from './checkContent.js';
import { diskFolder } from './contentFolder.js';
import { countErrors, formatReport } from './formatProblems.js';
import { pageModuleCode } from './pageModuleCode.js';
import { localRoute } from './translations.js';
import type { LanguageWords, SiteDetails } from '../shared/languages.js';

const PREFIX = 'virtual:content/';
const SITE_ID = `${PREFIX}site`;
const DESK_ID = `${PREFIX}desk`;
const PRIVACY_ID = `${PREFIX}privacy`;
const ROUTES_ID = `${PREFIX}routes`;
const LANGUAGES_ID = `${PREFIX}languages`;
const WORDS_ID = `${PREFIX}words/`;
const PAGE_ID = `${PREFIX}page/`;

function pageImport(key: string): string {
  return `() => import(${JSON.stringify(PAGE_ID + key)})`;
}

function allPages({ pages, notFound, languages }: Content) {
  return [...pages, notFound!, ...languages.flatMap((language) => [...language.pages, language.notFound!])];
}

/** Every route of every language; a page not yet translated is the English page at the language's address. */
function routesModule({ site, pages, notFound, languages }: Content): string {
  const english = site!.languages[0]!.code;
  const entry = (path: string, lang: string, base: string, key: string, untranslated = false) =>
    `{ path: ${JSON.stringify(path)}, lang: ${JSON.stringify(lang)}, base: ${JSON.stringify(base)}, untranslated: ${untranslated}, load: ${pageImport(key)} }`;
  const entries = [
    ...pages.map((page) => entry(page.route, english, page.route, page.key)),
    ...languages.flatMap((language) => [
      ...language.pages.map((page) => entry(page.route, language.code, page.route.slice(language.code.length + 1) || '/', page.key)),
      ...language.untranslated.map((route) =>
        entry(localRoute(language.code, route), language.code, route, pages.find((page) => page.route === route)!.key, true),
      ),
    ]),
  ];
  const notFounds = [[english, notFound!.key], ...languages.map((language) => [language.code, language.notFound!.key])];
  return [
    `export const routes = [\n  ${entries.join(',\n  ')}\n];`,
    `export const notFound = {${notFounds.map(([lang, key]) => `${JSON.stringify(lang)}: ${pageImport(key!)}`).join(', ')}};`,
  ].join('\n');
}

/**
 * The firm's details every page uses, in every language: name, phone, address, the languages.
 * The menu, footer and tagline are words, so they travel with each language's words instead.
 */
function siteDetails({ site }: Content): SiteDetails {
  const { nav: _nav, footer: _footer, tagline: _tagline, sample: _sample, untranslated: _untranslated, ...details } = site!;
  return details;
}

/** One language's words for the frame around the pages and for the forms. */
function languageWords({ site, ui, privacy, languages }: Content, code: string): LanguageWords {
  const language = languages.find((candidate) => candidate.code === code);
  if (!language) {
    return {
      ui: ui!,
      privacy: privacy!,
      tagline: site!.tagline,
      privacyContactRole: site!.privacyContact.role,
      nav: site!.nav,
      footer: site!.footer,
    };
  }
  return {
    ui: language.ui!,
    privacy: language.privacy!,
    tagline: language.site!.tagline,
    privacyContactRole: language.site!.privacyContactRole,
    forms: language.forms,
    nav: language.site!.nav,
    footer: language.site!.footer,
  };
}

/** The languages, and a loader for each one's words: each in its own chunk, so a page carries only its own language. */
function languagesModule(content: Content): string {
  const loaders = content.site!.languages.map(({ code }) => `${JSON.stringify(code)}: () => import(${JSON.stringify(WORDS_ID + code)})`);
  return [`export const languages = ${JSON.stringify(content.site!.languages)};`, `export const loaders = {${loaders.join(', ')}};`].join(
    '\n',
  );
}

/**
 * Makes pages-data/ importable by the app:
 *   virtual:content/site        the site file
 *   virtual:content/desk        the admin desk's statuses and closing reasons
 *   virtual:content/privacy     the notice beside the forms and the answer period for requests
 *   virtual:content/routes      every public route in every language, with a loader for its page module
 *   virtual:content/languages   the languages, and a loader for each one's words
 *   virtual:content/words/<code> one language's interface words, menu, form notice and form words
 *   virtual:content/page/<key>  one page's data, icons and pictures (its own chunk); <key> is
 *                               "homeloan" for English and "mr/homeloan" for a translation
 * Nothing is served or built from content that fails the check.
 */
export function contentPlugin(options: { pagesDir: string }): Plugin {
  const pagesDir = path.resolve(options.pagesDir);
  let content: Content | undefined;

  function load(): Content {
    const fresh = checkContent(diskFolder(pagesDir));
    if (countErrors(fresh) > 0) throw new Error(formatReport(fresh));
    if (fresh.problems.length) console.warn(formatReport(fresh));
    return fresh;
  }

  function current(): Content {
    content ??= load();
    return content;
  }

  function reloadInDevServer(server: ViteDevServer, file: string) {
    if (!file.startsWith(pagesDir)) return;
    content = undefined;
    try {
      current();
    } catch (error) {
      const message = (error as Error).message;
      server.config.logger.error(message, { timestamp: true });
      server.ws.send({ type: 'error', err: { message, stack: '', plugin: 'content', id: file } });
      return;
    }
    for (const module of server.moduleGraph.idToModuleMap.values()) {
      if (module.id?.startsWith(`\0${PREFIX}`)) server.moduleGraph.invalidateModule(module);
    }
    server.ws.send({ type: 'full-reload' });
  }

  return {
    name: 'content',
    buildStart() {
      content = undefined;
      current();
      this.addWatchFile(pagesDir);
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const content = current();
      const virtualId = id.slice(1);
      if (virtualId === SITE_ID) return `export default ${JSON.stringify(siteDetails(content))};`;
      if (virtualId === DESK_ID) return `export default ${JSON.stringify(content.desk)};`;
      if (virtualId === PRIVACY_ID) return `export default ${JSON.stringify(content.privacy)};`;
      if (virtualId === LANGUAGES_ID) return languagesModule(content);
      if (virtualId.startsWith(WORDS_ID))
        return `export default ${JSON.stringify(languageWords(content, virtualId.slice(WORDS_ID.length)))};`;
      if (virtualId === ROUTES_ID) return routesModule(content);
      const key = virtualId.slice(PAGE_ID.length);
      const page = allPages(content).find((candidate) => candidate.key === key);
      if (!page) throw new Error(`No page "${key}" in ${pagesDir}`);
      return await pageModuleCode(page, pagesDir);
    },
    configureServer(server) {
      server.watcher.add(pagesDir);
      for (const event of ['add', 'change', 'unlink'] as const) {
        server.watcher.on(event, (file: string) => reloadInDevServer(server, path.resolve(file)));
      }
    },
  };
}
