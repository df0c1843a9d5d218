import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
import { ADMIN_PAGES } from '../../src/shared/adminPages';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { DOCUMENTS_PATH } from '../../src/shared/documents';
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

/** An upload link's page: its address holds the link's token, which no other site may be told. */
const forUploadLinks = secureHeaders({ ...DOCUMENT_HEADERS, referrerPolicy: 'no-referrer', contentSecurityPolicy: POLICY });

/** A document an enquirer sent, downloaded by the firm: whatever it holds, a browser that opens it may run nothing. */
const forSentDocuments = secureHeaders({
  ...DOCUMENT_HEADERS,
  referrerPolicy: 'no-referrer',
  contentSecurityPolicy: { defaultSrc: ["'none'"], sandbox: [] },
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
const UPLOAD_LINK = new RegExp(`^(/[a-z]{2})?${DOCUMENTS_PATH}/[^/]+$`);
const SENT_DOCUMENT = new RegExp(`^${ADMIN_API.document.replace(/:\w+/g, '[^/]+')}$`);
/** The admin screens are one document that changes screens in the browser, so they share one policy. */
const ADMIN_SCREENS = new RegExp(`^(${Object.values(ADMIN_PAGES).join('|')})(/|$)`);

/**
 * Security headers on every response. The CSP allows only this origin, plus the map
 * provider as a frame source once a visitor opens the map on the About page.
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) => {
    const path = c.req.path;
    if (SUBRESOURCE.test(path)) return forSubresources(c, next);
    if (ADMIN_SCREENS.test(path)) return forEditor(c, next);
    if (SENT_DOCUMENT.test(path)) return forSentDocuments(c, next);
    return UPLOAD_LINK.test(path) ? forUploadLinks(c, next) : forDocuments(c, next);
  };
}
