import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';

/**
 * `npm run dev`: the API answers inside Vite's dev server, on the same origin as the
 * pages, so the forms post to the same relative URLs as in production. Requests for
 * any path the API has no route for go on to Vite.
 */
export function devApiPlugin(): Plugin {
  return {
    name: 'dev-api',
    apply: 'serve',
    configureServer(server) {
      let api: Promise<{ paths: Set<string>; handle: ReturnType<typeof getRequestListener> }> | undefined;
      const load = async () => {
        const { createApiApp } = (await server.ssrLoadModule('/api/app.ts')) as typeof import('./app');
        const { readConfig } = (await server.ssrLoadModule('/api/config.ts')) as typeof import('./config');
        const { FileStore } = (await server.ssrLoadModule('/api/store/file/FileStore.ts')) as typeof import('./store/file/FileStore');
        const config = readConfig();
        const app = createApiApp({ store: await FileStore.open(config.dataDir), config });
        const paths = new Set(app.routes.map((route) => route.path).filter((path) => !path.includes('*')));
        return { paths, handle: getRequestListener(app.fetch) };
      };
      server.middlewares.use((req, res, next) => {
        api ??= load();
        api.then(({ paths, handle }) => (paths.has(new URL(req.url ?? '/', 'http://dev').pathname) ? handle(req, res) : next()), next);
      });
    },
  };
}
