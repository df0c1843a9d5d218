import { ALL_PUBLIC_ROUTES } from './publicRoutes';

export interface ServedPage {
  route: string;
  html: string;
}

/** Addresses that are not pages, so each language's 404 page is served. */
export const NOT_FOUND_ROUTES = ['/no-such-page', '/mr/no-such-page', '/hi/no-such-page'];

/** Every public page in every language, each language's 404 page and the admin screens' shell, as the server sends them. */
export async function fetchServedPages(baseUrl: string, routes: string[] = [...ALL_PUBLIC_ROUTES, ...NOT_FOUND_ROUTES, '/adminLogin']) {
  return Promise.all(
    routes.map(async (route): Promise<ServedPage> => {
      const response = await fetch(new URL(route, baseUrl));
      const html = await response.text();
      if (!response.headers.get('content-type')?.startsWith('text/html')) throw new Error(`${route} did not answer with HTML`);
      return { route, html };
    }),
  );
}
