/**
 * The build's output layout, read by the build that writes it and the server that serves it.
 * OUT_DIR moves the whole build; SITE_URL is the public address for canonical links,
 * structured data, the sitemap and the links in notifications.
 */
export const CLIENT_DIR = 'client';

export function outDirFrom(env: NodeJS.ProcessEnv): string {
  return env.OUT_DIR || 'dist';
}

export function siteUrlFrom(env: NodeJS.ProcessEnv): string {
  return (env.SITE_URL || 'http://localhost:8000').replace(/\/+$/, '');
}
