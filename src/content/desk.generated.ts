/* Generated from schemas/desk.schema.json and the schemas it refers to by src/content/generateTypes.ts. Do not edit:
 * change the schema and run `npm run types`. */
/**
 * How the firm's staff work through enquiries in the admin area: the steps an enquiry moves through, and the reasons for closing one.
 */
export interface Desk {
  /**
   * The steps of an enquiry, in the order staff usually take them. The first must have the id new: every enquiry starts there.
   *
   * @minItems 2
   */
  statuses: DeskStatus[];
  /**
   * The reasons staff choose from when they close an enquiry.
   *
   * @minItems 1
   */
  closedReasons: DeskChoice[];
  /**
   * The step a New enquiry moves to when an advisor taps Call or WhatsApp on it, such as contacted. It must be one of the statuses.
   */
  contactedStatus: string;
  /**
   * The messages an advisor can send on WhatsApp from an enquiry, each in every language of the site. {name} becomes the enquirer's name, {advisor} the advisor's and {firm} the firm's; the enquiry's language chooses the text.
   *
   * @minItems 1
   */
  whatsappMessages: WhatsAppMessage[];
}
/**
 * One step of an enquiry.
 *
 * This interface was referenced by `Desk`'s JSON-Schema
 * via the `definition` "status".
 */
export interface DeskStatus {
  /**
   * A short name in lower case with dashes, stored with each enquiry. Never change it once enquiries use it; change the label instead.
   */
  id: string;
  /**
   * What staff see.
   */
  label: string;
  /**
   * True for a step that ends the work on an enquiry (Disbursed, Closed): it no longer counts as due or overdue.
   */
  final?: boolean;
  /**
   * True when staff must choose one of the closed reasons to move an enquiry to this step.
   */
  needsReason?: boolean;
  /**
   * What the enquirer sees on the status page (/status) while an enquiry is at this step, named in _ui.yaml's status.stages: received, assigned (an advisor is working on it), documents, submitted (with a lender), decided or closed. Without one, a final step shows as decided and any other as received.
   */
  stage?: 'received' | 'assigned' | 'documents' | 'submitted' | 'decided' | 'closed';
}
/**
 * One choice staff pick from a list.
 *
 * This interface was referenced by `Desk`'s JSON-Schema
 * via the `definition` "choice".
 */
export interface DeskChoice {
  /**
   * A short name in lower case with dashes, stored with each enquiry. Never change it once enquiries use it; change the label instead.
   */
  id: string;
  /**
   * What staff see.
   */
  label: string;
}
/**
 * One message an advisor can choose.
 *
 * This interface was referenced by `Desk`'s JSON-Schema
 * via the `definition` "message".
 */
export interface WhatsAppMessage {
  /**
   * A short name in lower case with dashes, stored with each enquiry. Never change it once enquiries use it; change the label instead.
   */
  id: string;
  /**
   * What staff see.
   */
  label: string;
  /**
   * The message in each language, by language code (en, mr, hi).
   */
  text: {
    [k: string]: string;
  };
}
