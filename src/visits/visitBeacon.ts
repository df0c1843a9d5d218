import { VISIT_PATH } from '../shared/visitBeaconPath';
import { optedOut, visitOrigin } from './visitOrigin';

let last: string | undefined;

/**
 * Reports a page view: its address and language and, on the visit's first page, its campaign
 * and referring site. Sent with sendBeacon, so it never delays the page; nothing identifies the
 * visitor. Not sent when the visitor opted out, or for a page being prerendered.
 */
export function reportVisit(path: string, lang: string): void {
  if (path === last || optedOut() || (document as { prerendering?: boolean }).prerendering) return;
  last = path;
  const { origin, first } = visitOrigin();
  navigator.sendBeacon?.(VISIT_PATH, JSON.stringify({ p: path, l: lang, ...(first && { n: 1, ...origin }) }));
}
