import type { EnquiryOrigin } from '../../src/shared/deskEnquiry';

/** What a form sends of its visit's origin (hidden fields the site fills in from the landing address). */
export interface SentOrigin {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  referrer?: string;
}

/** The origin to store with an enquiry: a campaign when any utm_* value came, the referring site's host; undefined for neither. */
export function originOf({ utmSource, utmMedium, utmCampaign, referrer }: SentOrigin): EnquiryOrigin | undefined {
  const campaign =
    utmSource || utmMedium || utmCampaign ? { source: utmSource ?? '', medium: utmMedium ?? '', campaign: utmCampaign ?? '' } : undefined;
  if (!campaign && !referrer) return undefined;
  return { ...(campaign && { campaign }), ...(referrer && { referrer }) };
}
