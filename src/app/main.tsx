let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./startApp');
};

/** Where the browser never reports a paint (a tab opened in the background is not painted), the app starts anyway. */
const PAINT_WAIT_MS = 3000;

/**
 * A public page arrives drawn by the server, so the app (React and the page's code, most of what
 * a page downloads) is fetched once that drawing has been painted: on a phone's slow connection
 * the first paint has the bandwidth to itself, and the page becomes interactive a moment later.
 * A screen the app draws itself (the admin area, the development server) starts it at once.
 */
const painted = document.getElementById('root')?.firstElementChild;
if (painted && typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(start, PAINT_WAIT_MS);
} else {
  start();
}
