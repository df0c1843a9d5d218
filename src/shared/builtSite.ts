/**
 * The build's output layout, read by the build that writes it and the server that serves it.
 * OUT_DIR moves the whole build (tests build copies of the site); SITE_URL is the public
 * address for canonical links, structured data, the sitemap and the links in notifications.
 */
export const CLIENT_DIR = 'client';
export const NOT_FOUND_HTML = '404.html';

/** The 404 page of a language: 404.html in English, mr/404.html in Marathi. */
export function notFoundHtmlFor(lang: string, sourceLanguage: string): string {
  return lang === sourceLanguage ? NOT_FOUND_HTML : `${lang}/${NOT_FOUND_HTML}`;
}
export const APP_SHELL_HTML = 'app.html';

export function outDirFrom(env: NodeJS.ProcessEnv): string {
  return env.OUT_DIR || 'dist';
}

export function siteUrlFrom(env: NodeJS.ProcessEnv): string {
  return (env.SITE_URL || 'http://localhost:8000').replace(/\/+$/, '');
}
