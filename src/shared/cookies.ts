/** The session token: HttpOnly, so no script can read it. The server keeps only its hash. */
export const SESSION_COOKIE = 'session';
/** Readable by the admin pages, only to redirect to the login at once; the server never trusts it. */
export const ADMIN_NAME_COOKIE = 'adminUsername';
