/* Generated from schemas/glossary.schema.json and the schemas it refers to by src/content/generateTypes.ts. Do not edit:
 * change the schema and run `npm run types`. */
/**
 * One term for one thing, in one language. npm run check:content warns at the exact line and column wherever a page or a words file of that language uses a word to avoid.
 */
export interface Glossary {
  /**
   * The preferred terms of this language.
   *
   * @minItems 1
   *
   * Items: The word or phrase the site uses for one thing, and the ones it does not.
   */
  terms: {
    /**
     * The preferred term, exactly as pages write it.
     */
    use: string;
    /**
     * Words or phrases not to use for this thing. Each is found where a word starts, with any ending (कर्ज़दार also finds कर्ज़दारों), letters' case counting.
     *
     * @minItems 1
     *
     * Items: One word or phrase to avoid.
     */
    avoid: string[];
    /**
     * Why the site uses the preferred term; shown to the author with the warning.
     */
    why: string;
  }[];
}
