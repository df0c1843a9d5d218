/* Generated from the schemas of schemas/admin by src/content/generateTypes.ts. Do not edit:
 * change a schema and run `npm run types`. */
/**
 * An owner gives an account another role, the languages it speaks with enquirers, its name as enquirers read it, or marks it available for new enquiries.
 */
export interface AccountChange {
  /**
   * owner, staff (the lead desk) or editor (the pages only).
   */
  role?: 'owner' | 'staff' | 'editor';
  /**
   * The languages the advisor speaks with enquirers, by code: en, mr, hi. The language assignment rule reads them.
   *
   * @maxItems 3
   */
  languages?: ('en' | 'mr' | 'hi')[];
  /**
   * True when the assignment rule of _desk.yaml may give the account new enquiries.
   */
  available?: boolean;
  /**
   * Where the advisor's list is e-mailed at the start of each working day, or null for none.
   */
  email?: string | null;
  /**
   * The language the daily list is written in, by code: en, mr, hi.
   */
  emailLanguage?: 'en' | 'mr' | 'hi';
  /**
   * The advisor's name in each language the firm uses, by code: en, mr, hi (for example Asha Patil and आशा पाटील). WhatsApp messages, the status page, the daily list and e-mails use it, falling back to the English name; a language left out has none. The whole set is replaced.
   */
  displayNames?: {
    en?: string;
    mr?: string;
    hi?: string;
  };
}

/**
 * A new status of an application, with the reason for a rejection and the amounts sanctioned and disbursed.
 */
export interface ApplicationChange {
  /**
   * preparing, submitted, query-raised, sanctioned, disbursed, rejected or withdrawn.
   */
  status: 'preparing' | 'submitted' | 'query-raised' | 'sanctioned' | 'disbursed' | 'rejected' | 'withdrawn';
  /**
   * Why the lender rejected it, or why it was withdrawn.
   */
  reason?: string;
  /**
   * In whole rupees; with the sanctioned status.
   */
  sanctionedAmount?: number;
  /**
   * In whole rupees; with the disbursed status.
   */
  disbursedAmount?: number;
}

/**
 * Content files written together, all or none: each with its new text (null removes it) and the revision it was made from.
 */
export interface ChangeSet {
  /**
   * The files the change writes, each once.
   *
   * @minItems 1
   * @maxItems 10
   */
  files: {
    /**
     * The file's path inside the content folder, such as _site.yaml or mr/_site.yaml.
     */
    path: string;
    /**
     * The whole YAML file, or null to remove it.
     */
    text: string | null;
    /**
     * A revision number, as the server gave it.
     */
    basedOn: string;
  }[];
  /**
   * Why, in a few words: shown in the file's history.
   */
  note?: string;
}

/**
 * Recorded when an advisor taps Call or WhatsApp on an enquiry.
 */
export interface Contact {
  channel: 'call' | 'whatsapp';
  /**
   * The id of the WhatsApp message chosen from _desk.yaml.
   */
  template?: string;
}

/**
 * Checks the site with one file's text in place of its own, and with the drafts of the same file in other languages that would be published with it.
 */
export interface ContentCheck {
  /**
   * The file's path inside the content folder, such as clcss.yaml or mr/clcss.yaml.
   */
  file: string;
  /**
   * The whole YAML file as the editor has it.
   */
  source: string;
  /**
   * The same file in other languages whose saved drafts are checked (and published) with this one: a change of shape, such as a menu entry, has to reach every language at once.
   *
   * @maxItems 10
   *
   * Items: Another language's version of the same file, such as mr/_site.yaml for _site.yaml.
   */
  companions?: string[];
}

/**
 * The documents an advisor asks an enquirer for through a private link, and the language of the upload page.
 */
export interface DocumentRequest {
  /**
   * Each document asked for, as the enquirer will read it: from a checklist or written in.
   *
   * @minItems 1
   * @maxItems 20
   */
  documents: string[];
  /**
   * A language code of the site (en, mr, hi); the enquiry's own by default.
   */
  language?: string;
}

/**
 * Throws away a content file's unpublished draft: a page never published leaves the list, a published one shows what is live.
 */
export interface DraftDiscard {
  /**
   * The revision of the draft the editor shows, as the server gave it: a newer save is never discarded unseen.
   */
  basedOn: string;
}

/**
 * What staff may change on an enquiry from the desk: its status (with the reason for closing it), its next follow-up, and its advisor.
 */
export interface EnquiryChange {
  /**
   * The id of a status from pages-data/_desk.yaml.
   */
  status?: string;
  /**
   * The id of a closing reason from pages-data/_desk.yaml; needed for a status that asks for one.
   */
  closedReason?: string;
  /**
   * The day to follow up, YYYY-MM-DD, or null to clear it.
   */
  followUpOn?: string | null;
  /**
   * The username of the owner or staff member the enquiry is assigned to, or null for nobody. Owners assign anyone; a staff member takes an unassigned enquiry for themselves, or gives back their own.
   */
  assignedTo?: string | null;
}

/**
 * Whom to find, export or erase: the mobile number or the e-mail address they gave, exactly one of the two.
 */
export interface Erasure {
  /**
   * An Indian mobile number, written any usual way.
   */
  phone?: string;
  /**
   * An e-mail address; found without regard to case.
   */
  email?: string;
}

/**
 * A campaign (its utm_campaign) or a source (its utm_source) the owners expect visits from: counted as itself whatever made-up campaigns arrive.
 */
export interface ExpectedCampaign {
  /**
   * As it is written in the campaign's links, such as diwali-home-loans or whatsapp; compared without regard to case.
   */
  name: string;
}

/**
 * An account an owner adds: its username, its first password and its role.
 */
export interface NewAccount {
  /**
   * 3 to 40 characters: letters, digits, dots, dashes and underscores.
   */
  username: string;
  /**
   * The password the new colleague signs in with first; they can change it.
   */
  password: string;
  /**
   * owner, staff (the lead desk) or editor (the pages only).
   */
  role: 'owner' | 'staff' | 'editor';
}

/**
 * An application the firm prepares for an enquiry: to which lender, for what, and how much is asked.
 */
export interface NewApplication {
  /**
   * The id of a lender from pages-data/_desk.yaml.
   */
  lender: string;
  /**
   * What is applied for: a term loan, working capital, a scheme such as PMEGP.
   */
  product: string;
  /**
   * In whole rupees.
   */
  amount: number;
}

/**
 * A new page, started from an existing one.
 */
export interface NewPage {
  /**
   * The new page's file: lower-case letters, digits and dashes, then .yaml; it becomes the address. A translation is named with its language folder: mr/solar-rooftop.yaml.
   */
  file: string;
  /**
   * The file's path inside the content folder, such as clcss.yaml or mr/clcss.yaml, or blank for an empty scheme page.
   */
  template: string;
}

/**
 * A note staff add to an enquiry: what was said, what was agreed. Marked as a contact, it records a contact with the enquirer (a call from another phone, a visit), which stops the first-response clock.
 */
export interface Note {
  /**
   * The note itself.
   */
  text: string;
  /**
   * The note records a call, a visit or a reply that reached the enquirer.
   */
  contact?: boolean;
}

/**
 * What the page editor saves as the author types.
 */
export interface PageDraft {
  /**
   * The whole YAML file as the editor has it.
   */
  source: string;
  /**
   * A revision number, as the server gave it.
   */
  basedOn: string;
}

/**
 * Publishes the draft the editor last saved, with any drafts of the same file in other languages named in `companions`.
 */
export interface PagePublish {
  /**
   * A revision number, as the server gave it.
   */
  basedOn: string;
  /**
   * Why, in a few words: shown in the file's history.
   */
  note?: string;
  /**
   * The same file in other languages whose drafts go live in the same step, each with the draft revision the editor saw.
   *
   * @maxItems 10
   */
  companions?: {
    /**
     * Another language's version of the same file, such as mr/_site.yaml for _site.yaml.
     */
    file: string;
    /**
     * A revision number, as the server gave it.
     */
    basedOn: string;
  }[];
}

/**
 * Publishes an earlier revision's text again.
 */
export interface PageRollback {
  /**
   * A revision number, as the server gave it.
   */
  revision: string;
}

/**
 * Staff mark a request done, refuse it with a reason, or open it again.
 */
export interface PrivacyRequestChange {
  /**
   * open, done or refused.
   */
  status: 'open' | 'done' | 'refused';
  /**
   * Why the request is refused, in words the person can be told; needed for refused, and only for it.
   */
  reason?: string;
}

/**
 * An owner sends an editor's change back unpublished, saying what to change; the editor sees the note on the file.
 */
export interface ReviewReturn {
  /**
   * What to change before it can be published.
   */
  note: string;
}

/** Each body by the name of its schema. */
export interface AdminBodies {
  accountChange: AccountChange;
  applicationChange: ApplicationChange;
  changeSet: ChangeSet;
  contact: Contact;
  contentCheck: ContentCheck;
  documentRequest: DocumentRequest;
  draftDiscard: DraftDiscard;
  enquiryChange: EnquiryChange;
  erasure: Erasure;
  expectedCampaign: ExpectedCampaign;
  newAccount: NewAccount;
  newApplication: NewApplication;
  newPage: NewPage;
  note: Note;
  pageDraft: PageDraft;
  pagePublish: PagePublish;
  pageRollback: PageRollback;
  privacyRequestChange: PrivacyRequestChange;
  reviewReturn: ReviewReturn;
}
