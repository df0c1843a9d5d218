/** Where a visit's origin is kept for the rest of the visit: this tab's session storage, never a cookie. */
const KEY = 'visit-origin';
/** The values the enquiry forms' schemas accept (schemas/contactform.schema.json). */
const UTM_VALUE = /^[^<>\p{Cc}]{1,100}$/u;
const HOST = /^[a-z0-9.-]{1,253}$/;

/** The origin of a visit as beacons and forms send it: s, m and c are utm_source, utm_medium and utm_campaign; r the referring site's host. */
export interface VisitOrigin {
  s?: string;
  m?: string;
  c?: string;
  r?: string;
}

/**
 * The origin of the visit, read once, on its first page: the landing address's utm_* values and
 * the host of a referring site (not its full address). Later pages of the visit find it kept;
 * `first` says this page began the visit.
 */
export function visitOrigin(): { origin: VisitOrigin; first: boolean } {
  try {
    const kept = sessionStorage.getItem(KEY);
    if (kept !== null) return { origin: JSON.parse(kept) as VisitOrigin, first: false };
  } catch {
    return { origin: {}, first: false };
  }
  const params = new URLSearchParams(location.search);
  const origin: VisitOrigin = {};
  for (const [short, name] of [
    ['s', 'utm_source'],
    ['m', 'utm_medium'],
    ['c', 'utm_campaign'],
  ] as const) {
    const value = params.get(name)?.trim().slice(0, 100);
    // Only what the server takes (no <, > or control characters): a value it refuses would block the enquiry.
    if (value && UTM_VALUE.test(value)) origin[short] = value;
  }
  const referrer = document.referrer ? new URL(document.referrer).hostname : '';
  if (referrer && referrer !== location.hostname && HOST.test(referrer)) origin.r = referrer;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(origin));
  } catch {
    // Storage refused (a private window's quota): the visit is counted, without a campaign for its enquiry.
  }
  return { origin, first: true };
}

/** The visitor asked not to be followed: Do Not Track, or Global Privacy Control. */
export const optedOut = () =>
  navigator.doNotTrack === '1' || (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** The visit's origin as the enquiry forms' hidden fields; none for a visitor who opted out of being followed. */
export function originFields(): Record<string, string> {
  if (optedOut()) return {};
  const { origin } = visitOrigin();
  const fields: Record<string, string | undefined> = {
    utmSource: origin.s,
    utmMedium: origin.m,
    utmCampaign: origin.c,
    referrer: origin.r,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1])));
}
