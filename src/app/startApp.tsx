import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { DATA_ELEMENT, type PagePayload, type SiteData } from '../shared/siteData';
import { SiteDataProvider } from '../shell/SiteDataContext';
import { App } from './App';
import { givePayload } from './pagePayloads';

/** The JSON the server sent with the page, or undefined (the development server sends none). */
function dataOf<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

async function start() {
  const { pathname } = window.location;
  const siteData: SiteData =
    dataOf<SiteData>(DATA_ELEMENT.site) ??
    ((await (await fetch(`/_content/site?path=${encodeURIComponent(pathname)}`)).json()) as SiteData);
  const payload = dataOf<PagePayload>(DATA_ELEMENT.page);
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <SiteDataProvider data={siteData}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </SiteDataProvider>
    </StrictMode>
  );
  if (payload && container.firstElementChild) {
    // The page and its blocks' code first, so hydration draws exactly what the server did.
    await givePayload(pathname, payload);
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

void start();
