/**
 * The admin screens of SPEC section 2 and the endpoints they call (section 7, plus our
 * /admin/ session endpoints). The screens are not content pages: the server answers
 * them with the empty app shell (never prerendered, noindex). Shared by the server, the
 * admin pages and the content check, which keeps YAML pages off these addresses.
 */
export const ADMIN_PAGES = {
  login: '/adminLogin',
  tables: '/table',
  aboutTable: '/abouttable',
} as const;

export const ADMIN_API = {
  login: '/admin/login',
  logout: '/admin/logout',
  session: '/admin/session',
  resetPassword: '/admin/reset-password',
  resetUsername: '/admin/reset-username',
  testNotification: '/admin/test-notification',
  listAbout: '/fetchaboutdata',
  listContact: '/fetchcontactusdata',
  deleteAbout: '/deleteproduct',
  deleteContact: '/deletecontact',
} as const;
