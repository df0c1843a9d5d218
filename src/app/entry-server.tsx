import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { PageRenderer, SiteData } from '../shared/siteData';
import { LanguageSwitcher } from '../shell/SiteHeader/LanguageSwitcher';
import { ShellSlots } from '../shell/ShellSlots';
import { SiteDataProvider } from '../shell/SiteDataContext';
import { App } from './App';
import { drawnWith } from './pagePayloads';

/** What the browser draws too (src/app/startApp.tsx), at an address. */
const atAddress = (url: string, siteData: SiteData, children: ReactNode) => (
  <StrictMode>
    <SiteDataProvider data={siteData}>
      <StaticRouter location={url}>{children}</StaticRouter>
    </SiteDataProvider>
  </StrictMode>
);

/**
 * Renders pages to HTML on the server, as they are asked for and whenever the firm publishes.
 * A page and its blocks' code are loaded first, so nothing suspends and the HTML is complete
 * with no inline script (the CSP allows none); a boundary that did suspend is a bug, and
 * rendering stops. The frame every page of a language shares is drawn on its own, so a change to
 * it (the tagline, the menu) is drawn once per language, not once per page (api/site/renderedSite.ts).
 */
export const renderPage: PageRenderer = {
  page: async ({ url, siteData, payload }) => {
    const html = await drawnWith(new URL(url, 'http://site').pathname, payload, () => renderToString(atAddress(url, siteData, <App />)));
    if (/<!--\$[!?]-->/.test(html))
      throw new Error(`Rendering ${url} suspended: a component waited for code or data that was not preloaded`);
    return html;
  },
  shell: ({ url, siteData, marks }) => renderToString(<ShellSlots value={marks}>{atAddress(url, siteData, <App />)}</ShellSlots>),
  languageLinks: ({ url, siteData }) => renderToString(atAddress(url, siteData, <LanguageSwitcher />)),
};
