import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { fixtureFile } from '../../../tests/helpers/siteData';
import type { Page } from '../../content/page.generated';
import { eligibilityProblems } from './checkEligibility';

// The MUDRA checker of the test site, whose category is a text figure with its words for each category.
const mudra = fixtureFile<Page>('mudra.yaml').blocks.find((block) => block.type === 'eligibility') as BlockOf<'eligibility'>;
const withTexts = (texts: Record<string, string> | undefined, format: 'text' | 'rupees' = 'text') => ({
  ...mudra,
  results: mudra.results.map((result, index) => (index === 0 ? { ...result, format, texts } : result)),
});

describe("a text figure's words for each text", () => {
  test('words for every category, in any language, pass', () => {
    expect(eligibilityProblems(withTexts({ Shishu: 'शिशु', Kishor: 'किशोर', Tarun: 'तरुण', 'Tarun Plus': 'तरुण प्लस' }))).toEqual([]);
    expect(eligibilityProblems(withTexts(undefined))).toEqual([]);
  });

  test('a category without words is named, so no visitor sees the English text on a translated page', () => {
    expect(eligibilityProblems(withTexts({ Shishu: 'शिशु', Kishor: 'किशोर', Tarun: 'तरुण' }))).toEqual([
      {
        pointer: ['results', '0', 'texts'],
        message: "has no words for 'Tarun Plus', which the figure can come out as; add Tarun Plus: and its words",
      },
    ]);
  });

  test('words for a text the figure never comes out as are named at that text', () => {
    expect(eligibilityProblems(withTexts({ Shishu: 'a', Kishor: 'b', Kishore: 'c', Tarun: 'd', 'Tarun Plus': 'e' }))).toEqual([
      {
        pointer: ['results', '0', 'texts', 'Kishore'],
        message: "is not a text the figure can come out as ('Shishu', 'Kishor', 'Tarun', 'Tarun Plus')",
      },
    ]);
  });

  test('words on a figure shown in rupees, or worked out rather than written, are refused', () => {
    expect(eligibilityProblems(withTexts({ Shishu: 'a' }, 'rupees'))).toEqual([
      { pointer: ['results', '0', 'texts'], message: 'gives words for texts, but the figure is shown as rupees' },
    ]);
    const worked = { ...mudra, results: [{ id: 'limit', label: 'Limit', value: 'tarunUpTo', format: 'text' as const, texts: { a: 'b' } }] };
    expect(eligibilityProblems(worked)).toEqual([
      { pointer: ['results', '0', 'texts'], message: 'gives words for texts, but the figure is worked out, not one of texts in quotes' },
    ]);
  });
});
