/* Generated from schemas/page.schema.json and the schemas it refers to by src/content/generateTypes.ts. Do not edit:
 * change the schema and run `npm run types`. */
/**
 * One section of the page. Its type decides how it looks.
 */
export type Block =
  | ApplyNowBlock
  | BannerBlock
  | CardsBlock
  | DocumentUploadBlock
  | DocumentsBlock
  | EligibilityBlock
  | EMICalculatorBlock
  | EnquiryFormBlock
  | FAQBlock
  | FeesBlock
  | GovernmentRouteBlock
  | GrievanceContactBlock
  | ImageStripBlock
  | JobsBlock
  | LendersBlock
  | ListBlock
  | MapBlock
  | NumberedBlock
  | OfficeBlock
  | PrivacyContactBlock
  | StatusCheckBlock
  | TableBlock
  | TeamBlock
  | TextBlock
  | TypedIntroBlock;
/**
 * This interface was referenced by `EligibilityBlock`'s JSON-Schema
 * via the `definition` "question".
 */
export type Question = {
  /**
   * A short name made of letters and digits, starting with a lower-case letter, such as newUnit.
   *
   * This interface was referenced by `EligibilityBlock`'s JSON-Schema
   * via the `definition` "name".
   */
  id: string;
  /**
   * Plain text.
   */
  label: string;
  /**
   * Plain text.
   */
  hint?: string;
  /**
   * Plain text.
   */
  error: string;
  /**
   * choice (one of the options), number (with a unit and limits) or yes-no.
   */
  kind: 'choice' | 'number' | 'yes-no';
  /**
   * For a choice: the answers, each with the value the address carries and the words the visitor reads.
   *
   * @minItems 2
   */
  options?: {
    /**
     * The answer as the page's address carries it, such as rural.
     */
    value: string;
    /**
     * Plain text.
     */
    label: string;
  }[];
  /**
   * For a number: rupees or years.
   */
  unit?: 'rupees' | 'years';
  /**
   * For a number: the smallest answer accepted.
   */
  min?: number;
  /**
   * For a number: the largest answer accepted.
   */
  max?: number;
  /**
   * Ask this question only when this is true of the answers above it, such as education == 'below-8th'; otherwise it is left out.
   */
  askIf?: string;
};

/**
 * One page of the public website. The file name is the page's address: trader.yaml becomes /trader, and index.yaml becomes the home page /.
 */
export interface Page {
  /**
   * The page title shown in the browser tab and in search results, for example "Home Loans".
   */
  title: string;
  /**
   * One or two sentences that search engines show under the title. Between 70 and 160 characters.
   */
  description: string;
  /**
   * The date the text of this page was last changed, written as YYYY-MM-DD. Visitors see "Page last updated on …".
   */
  updated: string;
  /**
   * The date a person at the firm last checked the facts and figures on this page against their sources, written as YYYY-MM-DD. Leave it out until someone has: visitors see "Facts checked by the firm on …" only when it is set, and the content check warns when it is more than 12 months old.
   */
  reviewed?: string;
  /**
   * Where the page's rules, figures and dates come from, each with the day someone checked it there. Visitors see them as a Sources section at the foot of the page. The content check warns when a page that states a figure or a date has none, and when one was checked more than 12 months ago. A translation lists the same sources in the same order, with the same addresses and dates.
   *
   * @minItems 1
   */
  sources?: Source[];
  /**
   * The sections of the page, top to bottom. The first one must be a banner, which carries the page's main heading.
   *
   * @minItems 1
   */
  blocks: Block[];
  /**
   * Only in a translation (pages-data/mr/, pages-data/hi/): a fingerprint of the English file this translation was last brought up to date with. `npm run translation:stamp -- <file>` writes it; the content check warns when the English file has changed since.
   */
  source?: string;
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
 * An Apply Now button that leads to the Contact Us page.
 */
export interface ApplyNowBlock {
  /**
   * Always apply-now.
   */
  type: 'apply-now';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * A sentence beside the button.
   */
  text?: string;
  /**
   * The button's words. Defaults to Apply Now.
   */
  label?: string;
}
/**
 * The top of the page: its main heading, a short lead and an optional picture. Every page starts with one.
 */
export interface BannerBlock {
  /**
   * Always banner.
   */
  type: 'banner';
  /**
   * The page's main heading.
   */
  title: string;
  /**
   * One or two sentences under the heading.
   */
  lead?: string;
  image?: Image;
  tagline?: Typing;
  /**
   * A motto shown in Hindi with its English meaning.
   */
  motto?: {
    /**
     * The motto in Hindi, in Devanagari script.
     */
    hi: string;
    /**
     * The motto in English.
     */
    en: string;
  };
}
/**
 * A picture stored in pages-data/images.
 */
export interface Image {
  /**
   * The picture's file, for example images/dairy-farming.svg.
   */
  src: string;
  /**
   * What the picture shows, for people who cannot see it. Leave it out only if the picture adds nothing to the text (then write an empty string "").
   */
  alt: string;
}
/**
 * Text that is typed out on screen one character at a time.
 */
export interface Typing {
  /**
   * The text to type out.
   */
  text: string;
  /**
   * How many characters are typed before the typing stops. Must not be more than the length of the text; end it on a whole sentence.
   */
  stopAt: number;
  /**
   * Milliseconds between two characters. Defaults to 100.
   */
  msPerChar?: number;
  /**
   * Milliseconds to wait before the typing starts. Defaults to 0.
   */
  startDelayMs?: number;
}
/**
 * A grid of cards, each with a title, a short description and an optional picture, icon or link.
 */
export interface CardsBlock {
  /**
   * Always cards.
   */
  type: 'cards';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * A sentence or two under the heading.
   */
  intro?: string;
  /**
   * The cards, in order.
   *
   * @minItems 1
   */
  items: {
    /**
     * The card's heading.
     */
    title: string;
    /**
     * A few sentences about it.
     */
    description: string;
    image?: Image;
    /**
     * An icon at the top of the card, used when there is no picture.
     */
    icon?: string;
    /**
     * Where the card leads when clicked.
     */
    link?: {
      /**
       * An address on this website, starting with a slash, for example /homeloan.
       */
      to: string;
      /**
       * The link's words, for example "Read about home loans".
       */
      label: string;
    };
  }[];
}
/**
 * The upload page's list: opened from the private link an advisor sent, it shows each document asked for with its state, and sends each file separately, with its progress (a plain form without JavaScript). Opened without a link, it says how to get one.
 */
export interface DocumentUploadBlock {
  /**
   * Always document-upload.
   */
  type: 'document-upload';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * A sentence or two above the list.
   */
  intro?: string;
}
/**
 * A list of documents that opens and closes when its heading button is clicked.
 */
export interface DocumentsBlock {
  /**
   * Always documents.
   */
  type: 'documents';
  /**
   * The heading shown above this section.
   */
  heading: string;
  /**
   * A sentence shown above the list when it is open.
   */
  intro?: string;
  /**
   * The documents, one per list item.
   *
   * @minItems 1
   *
   * Items: Plain text.
   */
  items: string[];
}
/**
 * A few questions about the visitor's plan, the scheme's rules as conditions on the answers, the figures worked out from them, the documents to bring, and where the rules come from. Conditions and figures are short expressions such as age >= 18 and sector == 'manufacturing', or round(cost * 15 / 100).
 */
export interface EligibilityBlock {
  /**
   * Always eligibility.
   */
  type: 'eligibility';
  /**
   * The heading shown above this section.
   */
  heading: string;
  /**
   * Plain text.
   */
  intro?: string;
  /**
   * What the visitor answers, in order. Each id is also the key of that answer in the page's address, so a link can carry the answers.
   *
   * @minItems 1
   * @maxItems 12
   */
  questions: Question[];
  /**
   * Named numbers the conditions and figures may use, such as manufacturingCeiling: 5000000, so a limit is changed in one place.
   */
  constants?: {
    [k: string]: number;
  };
  /**
   * Every condition the visitor must meet. Each failed one is shown with its reason.
   *
   * @minItems 1
   */
  rules: {
    /**
     * The condition, true when it is met, such as age >= 18.
     */
    require: string;
    /**
     * Plain text.
     */
    reason: string;
  }[];
  /**
   * The figures worked out from the answers, in order. A figure may use the ones above it by their id.
   *
   * @minItems 1
   */
  results: {
    /**
     * A short name made of letters and digits, starting with a lower-case letter, such as newUnit.
     *
     * This interface was referenced by `EligibilityBlock`'s JSON-Schema
     * via the `definition` "name".
     */
    id: string;
    /**
     * Plain text.
     */
    label: string;
    /**
     * How it is worked out, such as round(admissibleCost * subsidyRate / 100).
     */
    value: string;
    /**
     * rupees (₹ with Indian grouping), percent, or text (for a name such as Kishor).
     */
    format: 'rupees' | 'percent' | 'text';
    /**
     * For a text figure, the words shown for each text it can come out as, such as Kishor: Kishor. A translation keeps the texts on the left and gives its own words, such as Kishor: किशोर.
     */
    texts?: {
      /**
       * Plain text.
       */
      [k: string]: string;
    };
    /**
     * Show the figure only when this is true; without it, always.
     */
    when?: string;
    /**
     * true for a step of the working that the visitor need not see.
     */
    hidden?: boolean;
  }[];
  /**
   * Sentences shown with the result when their condition is true, such as what happens to the cost above a ceiling.
   */
  notes?: {
    /**
     * Show the note only when this is true; without it, with every eligible result.
     */
    when?: string;
    /**
     * Plain text.
     */
    text: string;
  }[];
  /**
   * What an eligible visitor should bring.
   *
   * @minItems 1
   *
   * Items: Plain text.
   */
  documents: string[];
  source: Source1;
  /**
   * Plain text.
   */
  disclaimer: string;
  /**
   * The Send this to an advisor button: it opens the Contact Us form with this enquiry type chosen and the answers and result written in the message.
   */
  advisor: {
    /**
     * Plain text.
     */
    enquiry: string;
  };
}
/**
 * Where a rule, a figure or a date comes from, and the day someone at the firm last checked it there.
 */
export interface Source1 {
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
 * The loan EMI calculator. It starts at 25,00,000 rupees, 30 years and 8.95% unless defaults are given here.
 */
export interface EMICalculatorBlock {
  /**
   * Always emi-calculator.
   */
  type: 'emi-calculator';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * The figures the calculator starts with on this page.
   */
  defaults?: {
    /**
     * Loan amount in rupees: 1,00,000 to 10,00,00,000 in steps of 1,00,000.
     */
    amount?: number;
    /**
     * Tenure in years: 1 to 30.
     */
    years?: number;
    /**
     * Annual interest rate in percent: 0.5 to 15, in steps of 0.01.
     */
    rate?: number;
  };
}
/**
 * One of the site's forms: the enquiry forms about (name, address, message, phone) and contact (name, number, enquiry type, e-mail, message), each with the privacy notice and its consent box; or privacy, the request about one's personal data.
 */
export interface EnquiryFormBlock {
  /**
   * Always enquiry-form.
   */
  type: 'enquiry-form';
  /**
   * Which form: about, contact or privacy.
   */
  form: 'about' | 'contact' | 'privacy';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * Plain text.
   */
  intro?: string;
}
/**
 * Frequently asked questions as an accordion. The first answer is open; visitors open and close the others.
 */
export interface FAQBlock {
  /**
   * Always faq.
   */
  type: 'faq';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * The questions and their answers, in order.
   *
   * @minItems 1
   * @maxItems 12
   */
  items: {
    /**
     * Plain text.
     */
    question: string;
    /**
     * Plain text.
     */
    answer: string;
  }[];
}
/**
 * How the firm is paid for each kind of service, as a table: the service and what the fee pays for come from the page, what the visitor pays (and whether lenders pay the firm) from fees in the site file.
 */
export interface FeesBlock {
  /**
   * Always fees.
   */
  type: 'fees';
  /**
   * The heading shown above this section.
   */
  heading: string;
  /**
   * Plain text.
   */
  caption: string;
  consultancy: FeeRow;
  registration: FeeRow1;
  loans: FeeRow2;
}
/**
 * The row for government scheme and subsidy applications (fees.consultancy in the site file).
 */
export interface FeeRow {
  /**
   * Plain text.
   */
  service: string;
  /**
   * Plain text.
   */
  paysFor: string;
}
/**
 * The row for registrations, certificates and licences (fees.registration in the site file).
 */
export interface FeeRow1 {
  /**
   * Plain text.
   */
  service: string;
  /**
   * Plain text.
   */
  paysFor: string;
}
/**
 * The row for loans (fees.loans in the site file): what the borrower pays and whether lenders pay the firm.
 */
export interface FeeRow2 {
  /**
   * Plain text.
   */
  service: string;
  /**
   * Plain text.
   */
  paysFor: string;
}
/**
 * One kind of service in the fees table.
 *
 * This interface was referenced by `FeesBlock`'s JSON-Schema
 * via the `definition` "row".
 */
export interface FeeRow3 {
  /**
   * Plain text.
   */
  service: string;
  /**
   * Plain text.
   */
  paysFor: string;
}
/**
 * The notice every government-scheme and registration page carries: the firm is a private consultancy, not a government office or agent; where the official portal is and what applying there yourself costs; and what the firm's fee pays for.
 */
export interface GovernmentRouteBlock {
  /**
   * Always government-route.
   */
  type: 'government-route';
  /**
   * The heading shown above this section.
   */
  heading: string;
  /**
   * The official portal where visitors can apply themselves.
   */
  portal: {
    /**
     * Plain text.
     */
    title: string;
    /**
     * The portal's address, starting with https://.
     */
    url: string;
  };
  /**
   * Plain text.
   */
  yourself: string;
  /**
   * Plain text.
   */
  fee: string;
}
/**
 * The person who answers complaints about the firm's service (grievanceContact in the site file), how quickly, and where a complaint about a bank or an NBFC goes next: the lender, then the RBI's Integrated Ombudsman.
 */
export interface GrievanceContactBlock {
  /**
   * Always grievance-contact.
   */
  type: 'grievance-contact';
  /**
   * The heading shown above this section.
   */
  heading?: string;
}
/**
 * A row of captioned pictures that visitors scroll sideways.
 */
export interface ImageStripBlock {
  /**
   * Always image-strip.
   */
  type: 'image-strip';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * The pictures, in order.
   *
   * @minItems 2
   */
  images: {
    image: Image;
    /**
     * Plain text.
     */
    caption: string;
  }[];
}
/**
 * Open positions, each with an Apply Now button.
 */
export interface JobsBlock {
  /**
   * Always jobs.
   */
  type: 'jobs';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * Plain text.
   */
  intro?: string;
  /**
   * The positions.
   *
   * @minItems 1
   */
  items: {
    /**
     * Plain text.
     */
    title: string;
    /**
     * Plain text.
     */
    summary: string;
    /**
     * Who can apply, one point per item.
     *
     * @minItems 1
     *
     * Items: Plain text.
     */
    requirements: string[];
    /**
     * Plain text.
     */
    location?: string;
  }[];
}
/**
 * The banks and NBFCs the firm holds agreements with (lenders in the site file), banks and NBFCs apart. Shown only while the list has a lender in it.
 */
export interface LendersBlock {
  /**
   * Always lenders.
   */
  type: 'lenders';
  /**
   * Plain text.
   */
  intro?: string;
}
/**
 * A plain list of short points.
 */
export interface ListBlock {
  /**
   * Always list.
   */
  type: 'list';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * Plain text.
   */
  intro?: string;
  /**
   * The points, one per list item.
   *
   * @minItems 1
   *
   * Items: Plain text.
   */
  items: string[];
  /**
   * bullet (the default) for ordinary points, or check for benefits and advantages.
   */
  style?: 'bullet' | 'check';
}
/**
 * A map of the office from the site file. It loads only when the visitor asks for it.
 */
export interface MapBlock {
  /**
   * Always map.
   */
  type: 'map';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * Plain text.
   */
  text?: string;
}
/**
 * Numbered steps or points, each with a title and a description.
 */
export interface NumberedBlock {
  /**
   * Always numbered.
   */
  type: 'numbered';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * Plain text.
   */
  intro?: string;
  /**
   * The points, in order. They are numbered automatically.
   *
   * @minItems 1
   */
  items: {
    /**
     * Plain text.
     */
    title: string;
    /**
     * Plain text.
     */
    description: string;
  }[];
}
/**
 * The office address, phone, e-mail and opening hours, taken from the site file.
 */
export interface OfficeBlock {
  /**
   * Always office.
   */
  type: 'office';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * Plain text.
   */
  text?: string;
}
/**
 * The person who answers questions about personal data (privacyContact in the site file) and how quickly the firm answers requests (responseDays in _privacy.yaml).
 */
export interface PrivacyContactBlock {
  /**
   * Always privacy-contact.
   */
  type: 'privacy-contact';
  /**
   * The heading shown above this section.
   */
  heading?: string;
}
/**
 * The status page's form: an enquirer enters their reference and the mobile number they gave, and sees where their enquiry stands, what happens next and how to reach the firm, in the page's language. The link in the acknowledgement e-mail fills it in and sends it by itself.
 */
export interface StatusCheckBlock {
  /**
   * Always status-check.
   */
  type: 'status-check';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * Plain text.
   */
  intro?: string;
}
/**
 * A small table of facts, for example loan tiers and their limits.
 */
export interface TableBlock {
  /**
   * Always table.
   */
  type: 'table';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * Plain text.
   */
  caption: string;
  /**
   * The column headings.
   *
   * @minItems 2
   * @maxItems 6
   *
   * Items: Plain text.
   */
  columns: string[];
  /**
   * The rows. Each row is a list with one entry per column.
   *
   * @minItems 1
   */
  rows: string[][];
}
/**
 * Cards that introduce the team or its strengths, each with an icon.
 */
export interface TeamBlock {
  /**
   * Always team.
   */
  type: 'team';
  /**
   * The heading shown above this section.
   */
  heading: string;
  /**
   * Plain text.
   */
  intro?: string;
  /**
   * The cards, in order.
   *
   * @minItems 1
   */
  members: {
    /**
     * Plain text.
     */
    title: string;
    /**
     * Plain text.
     */
    description: string;
    /**
     * The name of an icon from the Lucide icon set (https://lucide.dev/icons), written in lower case with dashes, for example factory or hand-coins.
     */
    icon: string;
  }[];
}
/**
 * A heading and one or more paragraphs.
 */
export interface TextBlock {
  /**
   * Always text.
   */
  type: 'text';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * The paragraphs, one list item each.
   *
   * @minItems 1
   *
   * Items: Plain text.
   */
  paragraphs: string[];
  /**
   * plain (the default) or highlight, a coloured panel for a tagline or key message.
   */
  variant?: 'plain' | 'highlight';
}
/**
 * An introduction typed out on screen one character at a time. Screen readers, search engines and visitors who prefer less motion get the whole text at once.
 */
export interface TypedIntroBlock {
  /**
   * Always typed-intro.
   */
  type: 'typed-intro';
  /**
   * The heading shown above this section.
   */
  heading?: string;
  /**
   * The text to type out.
   */
  text: string;
  /**
   * How many characters are typed before the typing stops. Must not be more than the length of the text; end it on a whole sentence.
   */
  stopAt: number;
  /**
   * Milliseconds between two characters. Defaults to 100.
   */
  msPerChar?: number;
  /**
   * Milliseconds to wait before the typing starts. Defaults to 0.
   */
  startDelayMs?: number;
}
