import { STATUS_PATH } from '../../src/shared/enquiryStatus';
import type { SecretsKey } from '../secrets/secretsKey';

/** The key in the acknowledgement's link to the status page: it stands in for the mobile number, and only the server can make one. */
export const statusLinkKey = (secrets: SecretsKey, enquiryId: string) => secrets.tag('status link', enquiryId);

/**
 * The status page in the enquiry's language (`prefix`: '' or '/mr'), with the reference and its key
 * after the #: browsers never send that part to a server or in a Referer, and the page takes it out
 * of the address bar as soon as it has read it.
 */
export function statusLink(secrets: SecretsKey, siteUrl: string, enquiry: { _id: string; reference: string }, prefix: string): string {
  return new URL(`${prefix}${STATUS_PATH}#${enquiry.reference}.${statusLinkKey(secrets, enquiry._id)}`, siteUrl).href;
}
