/** Readable by the admin pages, only to redirect to the login at once; the server never trusts it. */
export const ADMIN_NAME_COOKIE = 'adminUsername';

/**
 * The session token (HttpOnly, so no script can read it; the server keeps only its hash).
 * On an https site it carries the __Host- prefix, which browsers accept only when it is
 * Secure, for the whole site and for this host alone.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-session' : 'session';
}

/** Marks a browser that signed in before: it is exempt from its account's lockout (never from the per-address one). */
export function deviceCookieName(secure: boolean): string {
  return secure ? '__Host-device' : 'device';
}
