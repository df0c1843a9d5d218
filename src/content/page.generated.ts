/* Generated from schemas/page.schema.json by src/content/generateTypes.ts. Do not edit:
 * change the schema, and the content check regenerates this file. */
/**
 * One section of the page. Its type decides how it looks.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "block".
 */
export type Block =
  | Banner
  | TypedIntro
  | TextSection
  | Cards
  | NumberedBlocks
  | List
  | Table
  | FAQ
  | EMICalculator
  | DocumentNeeded
  | ScrollingImageStrip
  | OfficeMap
  | EnquiryForm
  | ApplyNow
  | TeamCards
  | JobOpenings
  | OfficeAndContactDetails;
/**
 * The heading shown above this section.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "heading".
 */
export type Heading = string;
/**
 * Plain text.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "text".
 */
export type Text = string;
/**
 * An address on this website, starting with a slash, for example /homeloan.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "route".
 */
export type Route = string;
/**
 * The name of an icon from the Lucide icon set (https://lucide.dev/icons), written in lower case with dashes, for example factory or hand-coins.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "icon".
 */
export type Icon = string;

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
   * The date someone last checked the facts on this page, written as YYYY-MM-DD. Visitors see "Information last reviewed on …"; the content check warns when it is more than 12 months old.
   */
  reviewed: string;
  /**
   * The sections of the page, top to bottom. The first one must be a banner, which carries the page's main heading.
   *
   * @minItems 1
   */
  blocks: Block[];
}
/**
 * The top of the page: its main heading, a short lead and an optional picture. Every page starts with one.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "banner".
 */
export interface Banner {
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
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "image".
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
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "typing".
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
 * An introduction typed out on screen one character at a time. Screen readers, search engines and visitors who prefer less motion get the whole text at once.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "typedIntro".
 */
export interface TypedIntro {
  /**
   * Always typed-intro.
   */
  type: 'typed-intro';
  heading?: Heading;
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
 * A heading and one or more paragraphs.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "textBlock".
 */
export interface TextSection {
  /**
   * Always text.
   */
  type: 'text';
  heading?: Heading;
  /**
   * The paragraphs, one list item each.
   *
   * @minItems 1
   */
  paragraphs: Text[];
  /**
   * plain (the default) or highlight, a coloured panel for a tagline or key message.
   */
  variant?: 'plain' | 'highlight';
}
/**
 * A grid of cards, each with a title, a short description and an optional picture, icon or link.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "cards".
 */
export interface Cards {
  /**
   * Always cards.
   */
  type: 'cards';
  heading?: Heading;
  /**
   * Plain text.
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
     * Plain text.
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
      to: Route;
      /**
       * Plain text.
       */
      label: string;
    };
  }[];
}
/**
 * Numbered steps or points, each with a title and a description.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "numbered".
 */
export interface NumberedBlocks {
  /**
   * Always numbered.
   */
  type: 'numbered';
  heading?: Heading;
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
 * A plain list of short points.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "list".
 */
export interface List {
  /**
   * Always list.
   */
  type: 'list';
  heading?: Heading;
  /**
   * Plain text.
   */
  intro?: string;
  /**
   * The points, one per list item.
   *
   * @minItems 1
   */
  items: Text[];
  /**
   * bullet (the default) for ordinary points, or check for benefits and advantages.
   */
  style?: 'bullet' | 'check';
}
/**
 * A small table of facts, for example loan tiers and their limits.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "table".
 */
export interface Table {
  /**
   * Always table.
   */
  type: 'table';
  heading?: Heading;
  /**
   * Plain text.
   */
  caption: string;
  /**
   * The column headings.
   *
   * @minItems 2
   * @maxItems 6
   */
  columns: Text[];
  /**
   * The rows. Each row is a list with one entry per column.
   *
   * @minItems 1
   */
  rows: Text[][];
}
/**
 * Frequently asked questions as an accordion. The first answer is open; visitors open and close the others.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "faq".
 */
export interface FAQ {
  /**
   * Always faq.
   */
  type: 'faq';
  heading?: Heading;
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
 * The loan EMI calculator. It starts at 25,00,000 rupees, 30 years and 8.95% unless defaults are given here.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "emiCalculator".
 */
export interface EMICalculator {
  /**
   * Always emi-calculator.
   */
  type: 'emi-calculator';
  heading?: Heading;
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
 * A list of documents that opens and closes when its heading button is clicked.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "documents".
 */
export interface DocumentNeeded {
  /**
   * Always documents.
   */
  type: 'documents';
  heading: Heading;
  /**
   * Plain text.
   */
  intro?: string;
  /**
   * The documents, one per list item.
   *
   * @minItems 1
   */
  items: Text[];
}
/**
 * A row of captioned pictures that visitors scroll sideways.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "imageStrip".
 */
export interface ScrollingImageStrip {
  /**
   * Always image-strip.
   */
  type: 'image-strip';
  heading?: Heading;
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
 * A map of the office from the site file. It loads only when the visitor asks for it.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "map".
 */
export interface OfficeMap {
  /**
   * Always map.
   */
  type: 'map';
  heading?: Heading;
  /**
   * Plain text.
   */
  text?: string;
}
/**
 * One of the two enquiry forms: about (name, address, message, phone) or contact (name, number, enquiry type, e-mail, message).
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "enquiryForm".
 */
export interface EnquiryForm {
  /**
   * Always enquiry-form.
   */
  type: 'enquiry-form';
  /**
   * Which form: about or contact.
   */
  form: 'about' | 'contact';
  heading?: Heading;
  /**
   * Plain text.
   */
  intro?: string;
}
/**
 * An Apply Now button that leads to the Contact Us page.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "applyNow".
 */
export interface ApplyNow {
  /**
   * Always apply-now.
   */
  type: 'apply-now';
  heading?: Heading;
  /**
   * Plain text.
   */
  text?: string;
  /**
   * The button's words. Defaults to Apply Now.
   */
  label?: string;
}
/**
 * Cards that introduce the team or its strengths, each with an icon.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "team".
 */
export interface TeamCards {
  /**
   * Always team.
   */
  type: 'team';
  heading: Heading;
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
    icon: Icon;
  }[];
}
/**
 * Open positions, each with an Apply Now button.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "jobs".
 */
export interface JobOpenings {
  /**
   * Always jobs.
   */
  type: 'jobs';
  heading?: Heading;
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
     */
    requirements: Text[];
    /**
     * Plain text.
     */
    location?: string;
  }[];
}
/**
 * The office address, phone, e-mail and opening hours, taken from the site file.
 *
 * This interface was referenced by `Page`'s JSON-Schema
 * via the `definition` "office".
 */
export interface OfficeAndContactDetails {
  /**
   * Always office.
   */
  type: 'office';
  heading?: Heading;
  /**
   * Plain text.
   */
  text?: string;
}
