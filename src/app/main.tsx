/**
 * The page the server drew is already complete, so the app (React and the page's code, most of
 * what a page downloads) is fetched once it has been painted: on a phone's slow connection the
 * first paint has the bandwidth to itself, and the page becomes interactive a moment later.
 */
requestAnimationFrame(() => setTimeout(() => void import('./startApp')));
