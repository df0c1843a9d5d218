/* Generated from schemas/privacy.schema.json and the schemas it refers to by src/content/generateTypes.ts. Do not edit:
 * change the schema and run `npm run types`. */
/**
 * The short notice shown beside every enquiry form, the words of its consent box, and how quickly the firm answers requests about personal data. The contact person is in _site.yaml.
 */
export interface PrivacyNotice {
  /**
   * The notice's version. Each enquiry records the version its sender agreed to, so raise it (1, 2, 3 …) whenever the notice or the consent label changes in meaning.
   */
  version: number;
  /**
   * The day this version took effect, such as 2026-11-23.
   */
  date: string;
  /**
   * The notice's heading beside the forms.
   */
  heading: string;
  /**
   * The notice, one paragraph per item: what is collected and why, how long it is kept, how to withdraw consent or ask for erasure, and how to complain. It must make sense on its own. The contact person and a link to the Privacy page are added after it.
   *
   * @minItems 1
   * @maxItems 6
   */
  notice: string[];
  /**
   * The words beside the tick box: what the visitor agrees to. The box starts unticked and the form cannot be sent without it.
   */
  consentLabel: string;
  /**
   * Within how many days the firm answers a request or complaint about personal data. The law allows at most 90. Each request's due date is counted from the day it arrives.
   */
  responseDays: number;
  /**
   * How many days after an enquiry is closed (or its last change after that) the documents sent for it are erased. The notice and the Privacy page must say the same.
   */
  documentsDays: number;
  /**
   * Only in a translation (pages-data/mr/, pages-data/hi/): a fingerprint of the English file this translation was last brought up to date with. `npm run translation:stamp -- <file>` writes it; the content check warns when the English file has changed since.
   */
  source?: string;
}
