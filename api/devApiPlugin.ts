import { getRequestListener } from '@hono/node-server';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

/** Addresses under these belong to the server, whatever follows. */
const PREFIXES = ['/admin/', '/_content/', '/images/'];

/**
 * `npm run dev`: the API and the content answer inside Vite's dev server, on the same origin
 * as the pages, so the forms post to the same relative URLs as in production, and pages draw
 * in the browser from the content's JSON. Saving a file of the content folder checks it and
 * reloads the page, or shows the problems in the terminal and over the page.
 */
export function devApiPlugin(): Plugin {
  return {
    name: 'dev-api',
    apply: 'serve',
    configureServer(server) {
      let api: Promise<{ paths: Set<string>; handle: ReturnType<typeof getRequestListener> }> | undefined;
      let store: Promise<import('./store/file/FileStore').FileStore> | undefined;
      // The whole API is made again from the content folder each time a file of it changes.
      const load = async () => {
        const modules = await loadModules(server);
        const config = modules.readConfig();
        store ??= modules.FileStore.open(config.dataDir);
        const publisher = await modules.ContentPublisher.start({
          store: await store,
          checks: new modules.LocalChecks(modules.diskFolder(config.pagesDir)),
          pagesDir: config.pagesDir,
          clock: modules.systemClock,
          pollMs: 0,
          log: () => {},
        });
        // The development server shows content with errors in the terminal and over the page, rather than serving it.
        await publisher.started;
        if (publisher.problem) throw new Error(modules.formatReport(await publisher.latest()));
        const secrets = await modules.secretsAtRest(await store, config, (fields) => server.config.logger.warn(String(fields.msg)));
        const app = modules.createApiApp({ store: await store, publisher, config, secrets });
        app.route('/', modules.contentRoutes(publisher.site));
        const paths = new Set(app.routes.map((route) => route.path).filter((path) => !path.includes('*') && !path.includes(':')));
        return { paths, handle: getRequestListener(app.fetch) };
      };
      watchContent(server, path.resolve(process.env.PAGES_DIR ?? 'pages-data'), async () => {
        const next = load();
        await next;
        api = next;
      });
      server.middlewares.use((req, res, next) => {
        api ??= load();
        const path = new URL(req.url ?? '/', 'http://dev').pathname;
        api.then(
          ({ paths, handle }) => (paths.has(path) || PREFIXES.some((prefix) => path.startsWith(prefix)) ? handle(req, res) : next()),
          next,
        );
      });
    },
  };
}

async function loadModules(server: ViteDevServer) {
  const load = <T>(file: string) => server.ssrLoadModule(file) as Promise<T>;
  const [
    { createApiApp },
    { readConfig },
    { FileStore },
    { ContentPublisher },
    { LocalChecks },
    { diskFolder },
    { contentRoutes },
    { systemClock },
    { secretsAtRest },
    { formatReport },
  ] = await Promise.all([
    load<typeof import('./app')>('/api/app.ts'),
    load<typeof import('./config')>('/api/config.ts'),
    load<typeof import('./store/file/FileStore')>('/api/store/file/FileStore.ts'),
    load<typeof import('./site/contentPublisher')>('/api/site/contentPublisher.ts'),
    load<typeof import('./site/contentChecks')>('/api/site/contentChecks.ts'),
    load<typeof import('../src/content/contentFolder')>('/src/content/contentFolder.ts'),
    load<typeof import('./routes/contentRoutes')>('/api/routes/contentRoutes.ts'),
    load<typeof import('./clock')>('/api/clock.ts'),
    load<typeof import('./auth/secretsAtRest')>('/api/auth/secretsAtRest.ts'),
    load<typeof import('../src/content/formatProblems')>('/src/content/formatProblems.ts'),
  ]);
  return {
    createApiApp,
    readConfig,
    FileStore,
    ContentPublisher,
    LocalChecks,
    diskFolder,
    contentRoutes,
    systemClock,
    secretsAtRest,
    formatReport,
  };
}

function watchContent(server: ViteDevServer, pagesDir: string, reload: () => Promise<void>) {
  server.watcher.add(pagesDir);
  for (const event of ['add', 'change', 'unlink'] as const) {
    server.watcher.on(event, (file: string) => {
      if (!file.startsWith(pagesDir)) return;
      reload().then(
        () => server.ws.send({ type: 'full-reload' }),
        (error: Error) => {
          server.config.logger.error(error.message, { timestamp: true });
          server.ws.send({ type: 'error', err: { message: error.message, stack: '', plugin: 'content', id: file } });
        },
      );
    });
  }
}
