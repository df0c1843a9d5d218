import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { PageRenderer } from '../shared/siteData';
import { SiteDataProvider } from '../shell/SiteDataContext';
import { App } from './App';
import { drawnWith } from './pagePayloads';

/**
 * Renders one page to HTML on the server, when the site starts and whenever the firm
 * publishes. The page and its blocks' code are loaded first, so nothing suspends and the
 * HTML is complete with no inline script (the CSP allows none); a boundary that did suspend
 * is a bug, and rendering stops.
 */
export const renderPage: PageRenderer = async ({ url, siteData, payload }) => {
  const html = await drawnWith(new URL(url, 'http://site').pathname, payload, () =>
    renderToString(
      <StrictMode>
        <SiteDataProvider data={siteData}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </SiteDataProvider>
      </StrictMode>,
    ),
  );
  if (/<!--\$[!?]-->/.test(html)) throw new Error(`Rendering ${url} suspended: a component waited for code or data that was not preloaded`);
  return html;
};
