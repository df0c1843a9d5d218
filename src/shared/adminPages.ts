/**
 * The admin screens' addresses. The screens are not content pages: the server answers them with
 * the empty app shell (never prerendered, noindex), and the content check keeps YAML pages off
 * them. Apart from the endpoints (adminPaths.ts) so that the public pages' code, which routes to
 * the screens, does not carry every admin endpoint.
 */
export const ADMIN_PAGES = {
  login: '/adminLogin',
  tables: '/table',
  aboutTable: '/abouttable',
  /** The page editor: the list of content files, and `/admin/pages/<file>` for one (mr/clcss.yaml as a path). */
  pages: '/admin/pages',
  /** The menu and the footer's links, in every language, changed and published on one screen. */
  menu: '/admin/menu',
  /** Editors' changes waiting for an owner's review. */
  review: '/admin/review',
} as const;
