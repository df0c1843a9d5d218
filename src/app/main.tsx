const start = () => void import('./startApp');

/**
 * A public page arrives drawn by the server, so the app (React and the page's code, most of what
 * a page downloads) is fetched once that drawing has been painted: on a phone's slow connection
 * the first paint has the bandwidth to itself, and the page becomes interactive a moment later.
 * A screen the app draws itself (the admin area, the development server) starts it at once.
 */
const painted = document.getElementById('root')?.firstElementChild;
if (painted && PerformanceObserver.supportedEntryTypes.includes('paint')) {
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
} else {
  start();
}
