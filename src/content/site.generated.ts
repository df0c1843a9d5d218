/* Generated from schemas/site.schema.json and the schemas it refers to by src/content/generateTypes.ts. Do not edit:
 * change the schema and run `npm run types`. */
/**
 * The banks and NBFCs the firm holds agreements with, shown on the About page by the lenders block. Leave the list empty, or leave it out, until there are agreements: the block is then not shown.
 */
export type Lenders = {
  /**
   * The lender's name as it writes it, such as Bank of Maharashtra.
   */
  name: string;
  /**
   * bank, or nbfc for a non-banking financial company.
   */
  kind: 'bank' | 'nbfc';
}[];
/**
 * An entry in the navigation bar: a link (label and to) or a dropdown (label and columns).
 *
 * This interface was referenced by `Site`'s JSON-Schema
 * via the `definition` "navItem".
 */
export type NavItem = Link | Dropdown;
/**
 * The words visitors see.
 *
 * This interface was referenced by `Site`'s JSON-Schema
 * via the `definition` "label".
 */
export type Label = string;
/**
 * An address on this website, starting with a slash, for example /homeloan.
 *
 * This interface was referenced by `Site`'s JSON-Schema
 * via the `definition` "route".
 */
export type Route = string;
/**
 * An entry in a dropdown column: a link (label and to) or a sub-menu that opens on click (label and items).
 *
 * This interface was referenced by `Site`'s JSON-Schema
 * via the `definition` "menuEntry".
 */
export type MenuEntry = Link | Submenu;

/**
 * Details that appear on every page: the firm's name and contact details, the navigation menu and the footer. Change them here and every page follows.
 */
export interface Site {
  /**
   * The firm's name as visitors see it.
   */
  name: string;
  /**
   * A short line shown under the name in the footer.
   */
  tagline?: string;
  /**
   * The office phone number as visitors should read it, for example +91 98765 43210.
   */
  phone: string;
  /**
   * The office e-mail address.
   */
  email: string;
  /**
   * The WhatsApp number in international form, digits only, country code first, for example 919876543210.
   */
  whatsapp: string;
  address: Address;
  /**
   * When the office is open, India time: the one place the firm's working hours are written. The contact page, the structured data, the first-response clock and the daily list read them; a day no entry lists is closed.
   */
  openingHours?: {
    /**
     * The days these hours apply to.
     *
     * @minItems 1
     */
    days: ('Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday')[];
    /**
     * Opening time, 24-hour HH:MM.
     */
    opens: string;
    /**
     * Closing time, 24-hour HH:MM.
     */
    closes: string;
  }[];
  geo: Geo;
  privacyContact: PrivacyContact;
  grievanceContact: GrievanceContact;
  fees: Fees;
  lenders?: Lenders;
  /**
   * The top navigation bar, left to right. An entry is either a link (label and to) or a dropdown (label and columns).
   *
   * @minItems 1
   */
  nav: NavItem[];
  /**
   * The footer at the bottom of every page.
   */
  footer: {
    /**
     * The links in the footer.
     *
     * @minItems 1
     */
    links: Link[];
  };
  /**
   * The details here that are placeholders, not the firm's own, such as [phone, email]. While any are listed, the content check warns about each one; empty the list (or remove it) once every detail is real.
   *
   * Items: The name of one detail above that is a placeholder.
   */
  sample?: (
    | 'name'
    | 'phone'
    | 'email'
    | 'whatsapp'
    | 'address'
    | 'geo'
    | 'privacyContact'
    | 'grievanceContact'
    | 'fees'
    | 'lenders'
    | 'openingHours'
  )[];
  /**
   * The languages of the public site. The first is the language every page is written in; each other one has a folder of the same name in pages-data/ holding a translation of every page, of _404.yaml, _privacy.yaml and _ui.yaml, and of this file's words (_site.yaml).
   *
   * @minItems 1
   */
  languages: {
    /**
     * The language's ISO 639-1 code, which is also its folder and the start of its addresses (/mr/homeloan).
     */
    code: string;
    /**
     * The language's name written in its own script, as the language switcher shows it (English, मराठी, हिंदी).
     */
    name: string;
  }[];
  /**
   * Pages not yet translated, by language code: each route listed is served in English at the language's address with a note in that language, and the content check warns about it instead of failing.
   */
  untranslated?: {
    [k: string]: Route[];
  };
}
/**
 * The office address.
 */
export interface Address {
  /**
   * Building, street and area.
   */
  street: string;
  /**
   * The city, for example Chh. Sambhajinagar.
   */
  city: string;
  /**
   * The state, for example Maharashtra.
   */
  region: string;
  /**
   * The six-digit PIN code.
   */
  postalCode: string;
  /**
   * The two-letter country code, IN for India.
   */
  country: string;
}
/**
 * Where the office is on the map.
 */
export interface Geo {
  /**
   * Latitude in degrees.
   */
  lat: number;
  /**
   * Longitude in degrees.
   */
  lon: number;
}
/**
 * The person who answers questions about visitors' personal data and deals with their requests and complaints. Shown on the Privacy page and beside every form, as India's data protection rules ask.
 */
export interface PrivacyContact {
  /**
   * The person's full name.
   */
  name: string;
  /**
   * Their role at the firm, for example Partner and data protection contact.
   */
  role: string;
  /**
   * The e-mail address for questions and requests about personal data.
   */
  email: string;
  /**
   * The phone number for questions about personal data, for example +91 98765 43210.
   */
  phone: string;
}
/**
 * The person who answers complaints about the firm's service, shown on the Contact and Privacy pages with where a complaint about a bank or an NBFC goes next.
 */
export interface GrievanceContact {
  /**
   * The person's full name.
   */
  name: string;
  /**
   * The e-mail address for complaints.
   */
  email: string;
  /**
   * The phone number for complaints, for example +91 98765 43210.
   */
  phone: string;
  /**
   * Within how many days the firm answers a complaint: at most 30, the period the RBI's rules give lenders and their agents.
   */
  responseDays: number;
}
/**
 * How the firm is paid, shown by the fees block (on /fees), in whole rupees: consultancy is the fee for a government scheme or subsidy application (the project report, the documents, filing and follow-up); registration the fee for a registration, certificate or licence (Udyam, StartUp India, BIS, MPCB, ISO and the like), besides the government's own fee; loans says how the firm is paid for a loan.
 */
export interface Fees {
  consultancy: FeeRange;
  registration: FeeRange;
  /**
   * How the firm is paid for a loan: lenderPays, and borrowerFee, what the borrower pays the firm for a loan file such as the project report (leave it out when the borrower pays nothing).
   */
  loans: {
    /**
     * true when banks or NBFCs pay the firm a fee for a loan it helped a borrower apply for; false when none does.
     */
    lenderPays: boolean;
    borrowerFee?: FeeRange;
  };
}
/**
 * A fee from one amount to another, in whole rupees, such as from: 5000 and to: 25000.
 */
export interface FeeRange {
  /**
   * The smallest fee, in rupees.
   */
  from: number;
  /**
   * The largest fee, in rupees.
   */
  to: number;
}
/**
 * A link to a page of this website.
 *
 * This interface was referenced by `Site`'s JSON-Schema
 * via the `definition` "link".
 */
export interface Link {
  label: Label;
  to: Route;
}
/**
 * A sub-menu inside a dropdown column that opens on click, such as Automobile.
 *
 * This interface was referenced by `Site`'s JSON-Schema
 * via the `definition` "submenu".
 */
export interface Submenu {
  label: Label;
  /**
   * The links in this sub-menu.
   *
   * @minItems 1
   */
  items: Link[];
}
/**
 * A column of the dropdown with a heading and its entries.
 *
 * This interface was referenced by `Site`'s JSON-Schema
 * via the `definition` "column".
 */
export interface MenuColumn {
  /**
   * The words visitors see.
   */
  heading: string;
  /**
   * The entries of the column.
   *
   * @minItems 1
   */
  items: MenuEntry[];
}
/**
 * A navigation entry that opens a panel of columns, such as Services.
 *
 * This interface was referenced by `Site`'s JSON-Schema
 * via the `definition` "dropdown".
 */
export interface Dropdown {
  label: Label;
  /**
   * The columns of the dropdown.
   *
   * @minItems 1
   */
  columns: MenuColumn[];
}
