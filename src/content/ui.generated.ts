/* Generated from schemas/ui.schema.json and the schemas it refers to by src/content/generateTypes.ts. Do not edit:
 * change the schema and run `npm run types`. */
/**
 * The words of the site's interface that are not part of any one page, in one language: pages-data/_ui.yaml in English, pages-data/<language>/_ui.yaml in each other language. Every key is required, so a translation cannot leave one out. Words in braces, such as {date}, are filled in by the site and must stay as they are.
 */
export interface InterfaceWords {
  /**
   * Only in a translation (pages-data/mr/, pages-data/hi/): a fingerprint of the English file this translation was last brought up to date with. `npm run translation:stamp -- <file>` writes it; the content check warns when the English file has changed since.
   */
  source?: string;
  /**
   * The frame of every page: skip link, menu, footer, floating buttons, page dates.
   */
  shell: {
    /**
     * The first link on every page, for keyboard users: it jumps past the menu.
     */
    skipLink: string;
    /**
     * The button that opens the menu on a phone.
     */
    menu: string;
    /**
     * What screen readers call the main menu.
     */
    mainNav: string;
    /**
     * What screen readers call the footer's list of links.
     */
    footerNav: string;
    /**
     * What screen readers call the language switcher.
     */
    languageNav: string;
    /**
     * The heading over the footer's links.
     */
    quickLinks: string;
    /**
     * The heading over the footer's phone, e-mail and address.
     */
    getInTouch: string;
    /**
     * The hidden words of the round WhatsApp button; say that it opens in a new tab.
     */
    whatsapp: string;
    /**
     * The hidden words of the round button that scrolls back to the top.
     */
    backToTop: string;
    /**
     * Shown for a moment while a page's code arrives.
     */
    loading: string;
    /**
     * The heading when a page's code could not be downloaded.
     */
    loadFailedHeading: string;
    /**
     * The sentence under that heading.
     */
    loadFailedText: string;
    /**
     * The button that loads the page again.
     */
    tryAgain: string;
    /**
     * Under every page; {date} becomes the page's updated date.
     */
    pageUpdated: string;
    /**
     * Added after it once the firm has checked the facts; {firm} is the firm's name and {date} the day.
     */
    factsChecked: string;
    /**
     * The note on a page that has no translation yet and is shown in English.
     */
    untranslated: string;
    /**
     * The twelve month names, January first, as dates are written in this language.
     *
     * @minItems 12
     * @maxItems 12
     */
    months: string[];
  };
}
