/** The browser-tab title of a page; the prerendered HTML and client navigation both use it. */
export function documentTitle(pageTitle: string, siteName: string): string {
  return pageTitle === siteName ? siteName : `${pageTitle} | ${siteName}`;
}
