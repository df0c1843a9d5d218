/* Generated from schemas/housestyle.schema.json and the schemas it refers to by src/content/generateTypes.ts. Do not edit:
 * change the schema and run `npm run types`. */
/**
 * What the author is told, after the place.
 *
 * This interface was referenced by `HouseStyle`'s JSON-Schema
 * via the `definition` "message".
 */
export type Message = string;
/**
 * An example of the house style, shown after the message.
 *
 * This interface was referenced by `HouseStyle`'s JSON-Schema
 * via the `definition` "suggestion".
 */
export type Suggestion = string;

/**
 * The site's house style. npm run check:content reports each breach in the pages and the site file as a warning at its exact line and column.
 */
export interface HouseStyle {
  /**
   * Ways of writing that the house style replaces, each found by a regular expression.
   *
   * @maxItems 100
   */
  patterns: HouseStylePattern[];
  /**
   * How every page's main heading is written.
   */
  bannerTitles: {
    /**
     * title: every word capitalised but the small words that follow the first.
     */
    case: 'title';
    /**
     * Words written in lower case inside a title.
     *
     * Items: One small word, in lower case.
     */
    smallWords: string[];
    message: Message;
    suggestion: Suggestion;
  };
  /**
   * The one heading every FAQ block carries.
   */
  faqHeading: {
    /**
     * The heading, exactly.
     */
    text: string;
    message: Message;
  };
}
/**
 * One way of writing to replace.
 *
 * This interface was referenced by `HouseStyle`'s JSON-Schema
 * via the `definition` "pattern".
 */
export interface HouseStylePattern {
  /**
   * A short name for the rule.
   */
  id: string;
  /**
   * What to find, as an RE2 regular expression (https://github.com/google/re2/wiki/Syntax), matched ignoring case unless caseSensitive is true. RE2 takes time in proportion to the text whatever the pattern, so no rule can stall the check; it has no lookahead, lookbehind or back-references (use notAfter instead of a lookbehind).
   */
  find: string;
  /**
   * Words after which a match is not a breach (license after to or can is the verb).
   *
   * @maxItems 50
   *
   * Items: One word, as written before the match with one space between.
   */
  notAfter?: string[];
  /**
   * True to match the letters' case exactly.
   */
  caseSensitive?: boolean;
  message: Message;
  suggestion: Suggestion;
}
