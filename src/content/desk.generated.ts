/* Generated from schemas/desk.schema.json and the schemas it refers to by src/content/generateTypes.ts. Do not edit:
 * change the schema and run `npm run types`. */
/**
 * A time of day, HH:MM, 24-hour, India time.
 *
 * This interface was referenced by `Desk`'s JSON-Schema
 * via the `definition` "clockTime".
 */
export type ClockTime = string;

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
   * The messages an advisor can send on WhatsApp from an enquiry, each in every language of the site, and the firm's WhatsApp templates (the status update among them). {name} becomes the enquirer's name, {advisor} the advisor's, {firm} the firm's, {reference} the enquiry's reference and, in the status update, {stage} where the enquiry stands; the enquiry's language chooses the text.
   *
   * @minItems 1
   */
  whatsappMessages: WhatsAppMessage[];
  /**
   * What {advisor} reads in a message to an enquirer when the advisor's account has no name set under Staff accounts (never the username), in each language of the site, by language code: your advisor.
   */
  advisorWithoutName: {
    [k: string]: string;
  };
  /**
   * The first-response clock: a new enquiry should have its first recorded contact (a call or WhatsApp message from the desk, or a note marked as a contact; a change of status alone is none) within this many working minutes, counted in the firm's working hours (openingHours in _site.yaml, the one place they are written). Past it, the desk marks it overdue and the owners are told once (by e-mail and webhook, where they are set up).
   */
  firstResponse?: {
    /**
     * The target, in working minutes.
     */
    minutes: number;
  };
  /**
   * The hours, India time, in which advisors call or message enquirers from the desk. Outside them the desk asks before a Call or WhatsApp, and the history marks a contact made outside them. Set them by the rules the lenders hold their agents to, listed under sources; without callingHours the desk never asks.
   */
  callingHours?: {
    from: ClockTime;
    to: ClockTime;
    /**
     * The codes and directions the hours follow, each with the day someone last checked it.
     *
     * @minItems 1
     */
    sources: Source[];
  };
  /**
   * The lenders the firm sends applications to, and how an enquiry's own status follows its applications.
   */
  applications?: {
    /**
     * The lenders an application can go to. Change a name freely; never change an id once applications use it.
     *
     * @minItems 1
     */
    lenders: Lender[];
    /**
     * In order, the first rule that any of an enquiry's applications matches sets the enquiry's status, when that status is a later step than the one it has and it is not in a final one; otherwise it stays as staff set it.
     */
    enquiryStatus: {
      /**
       * Application statuses: preparing, submitted, query-raised, sanctioned, disbursed, rejected, withdrawn.
       *
       * @minItems 1
       */
      whenAny: ('preparing' | 'submitted' | 'query-raised' | 'sanctioned' | 'disbursed' | 'rejected' | 'withdrawn')[];
      /**
       * A short name in lower case with dashes, stored with each enquiry. Never change it once enquiries use it; change the label instead.
       */
      status: string;
    }[];
  };
  /**
   * Asking an enquirer for documents through a private link: how long a link takes files, and the checklists of the services that have no eligibility checker (a checker's own list of documents is offered too).
   */
  documents?: {
    /**
     * How many days a link takes files after it is made. An advisor can revoke it sooner.
     */
    linkDays: number;
    /**
     * A checklist per service: its name as staff know it, and each document in every language of the site.
     */
    checklists: {
      /**
       * The service, as the desk lists it, such as Home loan.
       */
      label: string;
      /**
       * The pages (English routes, such as /homeloan) whose enquiries are offered this checklist first; the same page in Marathi or Hindi counts. A scheme page with an eligibility checker offers its own list without being named here.
       */
      pages?: string[];
      /**
       * The documents, each by language code (en, mr, hi), as the enquirer reads it on the upload page.
       *
       * @minItems 1
       * @maxItems 20
       */
      documents: {
        [k: string]: string;
      }[];
    }[];
  };
  /**
   * How new enquiries are given to an advisor as they arrive. Without it, they wait unassigned until an owner assigns them or a staff member takes them.
   */
  assignment?: {
    /**
     * turns: each new enquiry goes to the next of the owners and staff marked available, in turn. language: to the next of those available who speak the enquiry's language (each account lists its languages); when none does, it waits unassigned.
     */
    rule: 'turns' | 'language';
  };
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
   * What the message is for: the first reply to a new enquiry, the status update sent by itself to enquirers who asked for updates on WhatsApp (one message has this purpose, and it must be a template), a request for documents, a call that was not answered, or another purpose.
   */
  purpose: 'first-reply' | 'status-update' | 'documents-requested' | 'call-attempted' | 'other';
  /**
   * The message as a template submitted to Meta, under this name, in each language of the site: WhatsApp sends a template after the 24 hours in which the desk may write freely, and the status updates. Submit the text the desk shows under WhatsApp templates (its placeholders as {{1}}, {{2}} …) in the WhatsApp Manager, in this category, once per language.
   */
  template?: {
    /**
     * The template's name at Meta: lower-case letters, digits and underscores. A changed text needs a new name, submitted again.
     */
    name: string;
    /**
     * Meta's category: utility (about the enquiry the person made) or marketing (anything else; priced higher, and sent through Meta's marketing endpoint).
     */
    category: 'utility' | 'marketing';
  };
  /**
   * The message in each language, by language code (en, mr, hi).
   */
  text: {
    [k: string]: string;
  };
}
/**
 * Where a rule, a figure or a date comes from, and the day someone at the firm last checked it there.
 */
export interface Source {
  /**
   * The document's or page's name, such as Government Resolution of 1 August 2019 or Udyam Registration portal.
   */
  title: string;
  /**
   * Who issued it, such as Ministry of MSME, Government of India.
   */
  publisher: string;
  /**
   * The day the document was issued, written as YYYY-MM-DD. Leave it out for a portal or a page its publisher keeps up to date.
   */
  published?: string;
  /**
   * Only while nobody at the firm has read the document itself: who reported it, and when, such as Khaitan & Co, 24 February 2025. Visitors read "As reported by …". Remove it once the document itself has been checked.
   */
  reportedBy?: string;
  /**
   * Where to find it: the official page, starting with https://.
   */
  url: string;
  /**
   * The day someone last compared what the page says with this source, written as YYYY-MM-DD. The content check warns once it is more than 12 months ago.
   */
  checked: string;
}
/**
 * A lender the firm sends applications to.
 *
 * This interface was referenced by `Desk`'s JSON-Schema
 * via the `definition` "lender".
 */
export interface Lender {
  /**
   * A short name in lower case with dashes, stored with each enquiry. Never change it once enquiries use it; change the label instead.
   */
  id: string;
  /**
   * The lender's name as the desk shows it, for example State Bank of India.
   */
  name: string;
  /**
   * What kind of lender it is: bank, nbfc, cooperative-bank or government-portal (a scheme's online portal, such as JanSamarth).
   */
  kind: 'bank' | 'nbfc' | 'cooperative-bank' | 'government-portal';
}
