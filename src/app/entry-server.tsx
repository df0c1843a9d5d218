import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import { loadPage } from './pageCache';
import { loaderFor } from './routeTable';
import type { PageModule } from './pageModule';

export { routes } from './routeTable';
export { default as site } from 'virtual:content/site';

/** Renders one route to HTML at build time, waiting for every lazily loaded block. */
export async function renderRoute(url: string): Promise<{ html: string; module: PageModule }> {
  const module = await loadPage(loaderFor(url));
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html, module };
}
