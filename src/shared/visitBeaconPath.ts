/** Where the browser reports a page view (with navigator.sendBeacon). */
export const VISIT_PATH = '/api/visit';
