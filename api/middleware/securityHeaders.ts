import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
import { ADMIN_PAGES } from '../../src/shared/adminPaths';
import { MAP_ORIGIN } from '../../src/shared/mapProvider';

const TRANSPORT = {
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  xContentTypeOptions: 'nosniff',
  crossOriginResourcePolicy: 'same-origin',
} as const;

const POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: [MAP_ORIGIN],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

const DOCUMENT_HEADERS: SecureHeadersOptions = {
  ...TRANSPORT,
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: 'same-origin',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
};

/** Pages, the API and anything a browser could open as a document (an SVG, say). */
const forDocuments = secureHeaders({ ...DOCUMENT_HEADERS, contentSecurityPolicy: POLICY });

/**
 * The admin screens, for the page editor among them: CodeMirror puts its styles in <style>
 * elements, allowed by this answer's nonce (the admin document carries it for CodeMirror), and
 * draws its underlines as data: images. Scripts stay 'self'; the editor shows authors' text as
 * text, never as markup.
 */
const forEditor = secureHeaders({
  ...DOCUMENT_HEADERS,
  contentSecurityPolicy: { ...POLICY, styleSrc: ["'self'", NONCE], imgSrc: ["'self'", 'data:'] },
});

/**
 * Scripts, styles and fonts are never documents, so a CSP or frame rule on them does
 * nothing; they keep what does apply to them (no sniffing, same origin only, HTTPS).
 * That is about 600 bytes less on each of the half-dozen files every page downloads.
 */
const forSubresources = secureHeaders({
  ...TRANSPORT,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

const SUBRESOURCE = /^\/assets\/[^/]+\.(js|css|woff2?)$/;
/** The admin screens are one document that changes screens in the browser, so they share one policy. */
const ADMIN_SCREENS = new RegExp(`^(${Object.values(ADMIN_PAGES).join('|')})(/|$)`);

/**
 * Security headers on every response. The CSP allows only this origin, plus the map
 * provider as a frame source once a visitor opens the map on the About page.
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) =>
    SUBRESOURCE.test(c.req.path) ? forSubresources(c, next) : ADMIN_SCREENS.test(c.req.path) ? forEditor(c, next) : forDocuments(c, next);
}
