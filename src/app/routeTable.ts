import { notFound, routes } from 'virtual:content/routes';
import { languageOf } from '../shared/languages';

/** The public routes: one per file in pages-data/ and per language; anything else is its language's 404 page. */
export { routes, notFound };

export function loaderFor(pathname: string) {
  return routes.find((route) => route.path === pathname)?.load ?? notFound[languageOf(pathname)]!;
}
