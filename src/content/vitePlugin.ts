import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { checkContent, type Content } from './checkContent.js';
import { countErrors, formatReport } from './formatProblems.js';
import { pageModuleCode } from './pageModuleCode.js';

const PREFIX = 'virtual:content/';
const SITE_ID = `${PREFIX}site`;
const DESK_ID = `${PREFIX}desk`;
const PRIVACY_ID = `${PREFIX}privacy`;
const ROUTES_ID = `${PREFIX}routes`;
const PAGE_ID = `${PREFIX}page/`;

function pageImport(key: string): string {
  return `() => import(${JSON.stringify(PAGE_ID + key)})`;
}

/**
 * Makes pages-data/ importable by the app:
 *   virtual:content/site        the site file
 *   virtual:content/desk        the admin desk's statuses and closing reasons
 *   virtual:content/privacy     the notice beside the forms and the answer period for requests
 *   virtual:content/routes      every public route with a loader for its page module
 *   virtual:content/page/<key>  one page's data, icons and pictures (its own chunk)
 * Nothing is served or built from content that fails the check.
 */
export function contentPlugin(options: { pagesDir: string }): Plugin {
  const pagesDir = path.resolve(options.pagesDir);
  let content: Content | undefined;

  function load(): Content {
    const fresh = checkContent(pagesDir);
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
      const { site, desk, privacy, pages, notFound } = current();
      const virtualId = id.slice(1);
      if (virtualId === SITE_ID) return `export default ${JSON.stringify(site)};`;
      if (virtualId === DESK_ID) return `export default ${JSON.stringify(desk)};`;
      if (virtualId === PRIVACY_ID) return `export default ${JSON.stringify(privacy)};`;
      if (virtualId === ROUTES_ID) {
        const entries = pages.map((page) => `{ path: ${JSON.stringify(page.route)}, load: ${pageImport(page.key)} }`);
        return `export const routes = [\n  ${entries.join(',\n  ')}\n];\nexport const loadNotFound = ${pageImport(notFound!.key)};`;
      }
      const key = virtualId.slice(PAGE_ID.length);
      const page = [...pages, notFound!].find((candidate) => candidate.key === key);
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
