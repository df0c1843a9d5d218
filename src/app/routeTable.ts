import { loadNotFound, routes } from 'virtual:content/routes';

/** The public routes, one per file in pages-data/; anything else is the 404 page. */
export { routes, loadNotFound };

export function loaderFor(pathname: string) {
  return routes.find((route) => route.path === pathname)?.load ?? loadNotFound;
}
