import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import { loadPage } from './pageLoader';
import { languageOf, loadWords } from '../shared/languages';
import { loaderFor } from './routeTable';
import type { PageModule } from './pageModule';

export { routes } from './routeTable';
export { default as site } from 'virtual:content/site';

/**
 * Renders one route to HTML at build time. The page and its blocks' code are loaded
 * first, so nothing suspends and the HTML is complete with no inline script (the CSP
 * allows none); a boundary that did suspend is a bug, and the build stops.
 */
export async function renderRoute(url: string): Promise<{ html: string; module: PageModule }> {
  const [module] = await Promise.all([loadPage(loaderFor(url)), loadWords(languageOf(url))]);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  if (/<!--\$[!?]-->/.test(html))
    throw new Error(`Prerendering ${url} suspended: a component waited for code or data that was not preloaded`);
  return { html, module };
}
