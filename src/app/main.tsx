import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { loadPage } from './pageLoader';
import { languageOf, loadWords } from '../shared/languages';
import { loaderFor } from './routeTable';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

if (container.firstElementChild) {
  // Prerendered HTML: load this page's module first so hydration renders exactly what the server did.
  // Not a top-level await: the page's chunk imports this bundle, which must finish evaluating first.
  const { pathname } = window.location;
  void Promise.all([loadPage(loaderFor(pathname)), loadWords(languageOf(pathname))]).then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
