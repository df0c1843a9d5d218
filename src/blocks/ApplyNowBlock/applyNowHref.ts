/** Every Apply Now leads to the enquiry form, telling it which page the visitor came from. */
export function applyNowHref(fromRoute: string): string {
  return `/contactus?from=${encodeURIComponent(fromRoute)}`;
}
