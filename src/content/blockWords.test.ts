import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { BLOCK_WORD_SECTIONS, blockWordsFiles, blockWordsIn, blockWordsSchemaFiles, withBlockWords } from './blockWords';
import type { InterfaceWordsFile } from './ui.generated';

/** The languages every block gives its words in: those of the site today. */
const LANGUAGES = ['en', 'mr', 'hi'];
const file = { shell: {}, common: {}, forms: {} } as unknown as InterfaceWordsFile;

describe('the words each block folder owns (src/blocks/<Block>/<type>.words.yaml)', () => {
  test.each(blockWordsFiles)('$file gives each of its words in every language, and nothing else', ({ sections }) => {
    for (const words of Object.values(sections))
      for (const entry of Object.values(words))
        expect(
          Object.keys(entry)
            .filter((key) => key !== 'description' && key !== 'maxLength')
            .sort(),
        ).toEqual([...LANGUAGES].sort());
  });

  test.each(LANGUAGES)("the blocks' words in %s pass the schema of the section a _ui.yaml overrides them in", (language) => {
    const ajv = new Ajv2020({ allErrors: true });
    const words = blockWordsIn(language) as unknown as Record<string, Record<string, unknown>>;
    for (const { schema } of blockWordsSchemaFiles) {
      const section = schema.$id.replace(/^.*\/ui\/(\w+)\.generated\.schema\.json$/, '$1');
      const validate = ajv.compile({ ...schema, required: Object.keys(schema.properties!) });
      expect(validate(words[section]), `${section}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  test('the sections blocks own are the three _ui.yaml sections of block words', () => {
    expect(BLOCK_WORD_SECTIONS).toEqual(['blocks', 'eligibility', 'emi']);
  });

  test("a key _ui.yaml gives wins over the block's words, in that language only", () => {
    const given = { ...file, blocks: { faqHeading: 'Common questions' } } as InterfaceWordsFile;
    const { words, missing } = withBlockWords(given, 'mr');
    expect(missing).toEqual([]);
    expect(words.blocks.faqHeading).toBe('Common questions');
    expect(words.blocks.applyLabel).toBe(blockWordsIn('mr').blocks.applyLabel);
    expect(withBlockWords(file, 'mr').words.blocks.faqHeading).toBe(blockWordsIn('mr').blocks.faqHeading);
  });

  test("a language no block has words in shows the English words and names each missing word with its block's file", () => {
    const { words, missing } = withBlockWords({ ...file, blocks: { faqHeading: 'સામાન્ય પ્રશ્નો' } }, 'gu');
    expect(words.blocks.faqHeading).toBe('સામાન્ય પ્રશ્નો');
    expect(words.blocks.applyLabel).toBe('Apply Now');
    expect(missing).toContainEqual({ key: 'blocks.applyLabel', owner: 'src/blocks/ApplyNowBlock/apply-now.words.yaml' });
    expect(missing).toContainEqual({ key: 'emi.heading', owner: 'src/blocks/EmiCalculatorBlock/emi-calculator.words.yaml' });
    expect(missing.map(({ key }) => key)).not.toContain('blocks.faqHeading');
  });

  test('the words keep the order of the sections in ui.schema.json, whether _ui.yaml gives a section or not', () => {
    expect(Object.keys(withBlockWords(file, 'en').words)).toEqual(['shell', 'common', 'blocks', 'forms', 'emi', 'eligibility']);
  });
});
