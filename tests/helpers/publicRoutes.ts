/** The pages of the firm's original brief, less its three admin routes. */
export const BRIEF_PUBLIC_ROUTES = [
  '/',
  '/about',
  '/services',
  '/trader',
  '/agroprocessing',
  '/roadcontractor',
  '/hospitals',
  '/venturecapitalist',
  '/hotal',
  '/cgtmse',
  '/psi',
  '/women',
  '/clcss',
  '/electronicspolicy',
  '/textilepolicy',
  '/pancard',
  '/udhamadhar',
  '/shopact',
  '/gstregistration',
  '/mpcb',
  '/mpcbnew',
  '/alllicense',
  '/homeloan',
  '/propertyloan',
  '/businessloan',
  '/personalloan',
  '/vehicleloan',
  '/contactus',
  '/career',
];

/** Pages the firm's original brief did not have, each added by a later piece of work. */
export const ADDED_PUBLIC_ROUTES = ['/privacy', '/pmegp', '/cmegp', '/mudra', '/fees', '/status', '/documents'];

/** Every public page of the site. */
export const PUBLIC_ROUTES = [...BRIEF_PUBLIC_ROUTES, ...ADDED_PUBLIC_ROUTES];

/** The Marathi and Hindi editions: every public page at /mr/… and /hi/…, the home pages at /mr and /hi. */
export const TRANSLATIONS = ['mr', 'hi'] as const;
export const TRANSLATED_ROUTES = TRANSLATIONS.flatMap((code) =>
  PUBLIC_ROUTES.map((route) => (route === '/' ? `/${code}` : `/${code}${route}`)),
);

/** Every public page in every language. */
export const ALL_PUBLIC_ROUTES = [...PUBLIC_ROUTES, ...TRANSLATED_ROUTES];
