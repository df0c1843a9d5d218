// What the page editor's route tests share (the real clcss page, the routes' paths, an app with a
// person signed in), so each test file of those routes starts from the same fixtures.
import { readFileSync } from 'node:fs';
import { useApiApp } from './apiApp';

export const CLCSS = readFileSync(new URL('../../pages-data/clcss.yaml', import.meta.url), 'utf8');
export const PAGES = '/admin/api/pages';
export const page = (file: string, rest = '') => `${PAGES}/${encodeURIComponent(file)}${rest}`;

// Each publish checks and builds the whole real site; on a busy machine that is seconds, not milliseconds.
export const SLOW = { timeout: 60_000 };

/** Registers the test file's app; the function it gives makes one with an account of `role` signed in. */
export function usePageApi() {
  const apiApp = useApiApp({}, undefined);
  const signedIn = async (role: 'owner' | 'staff' | 'editor' = 'editor') => {
    const app = await apiApp();
    await app.account(role, role);
    return { ...app, cookie: await app.logIn(role) };
  };
  return { apiApp, signedIn };
}
