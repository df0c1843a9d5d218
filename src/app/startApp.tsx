import { StrictMode, startTransition } from 'react';
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
  // Evaluating the app's modules is one task on the main thread; the page's data is read in the
  // next, so a phone never holds both in one long task. A message, not a timer, ends the task:
  // timers wait behind the page's own and are held back in background tabs.
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
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
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page: on a phone a long page (a checker, a long FAQ) would
    // otherwise block taps and scrolling while it hydrates. A tap meanwhile hydrates at once.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
