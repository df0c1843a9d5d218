import type { Glossary } from './glossary.generated.js';
import { proseValues, type StyleBreach } from './houseStyle.js';
import type { TextValue, YamlSource } from './yamlSource.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An avoided word where a word starts, with any ending: one entry covers its inflected forms (कर्ज़दार, कर्ज़दारों). */
const NOT_AFTER_A_LETTER = '(?<![\\p{L}\\p{M}\\p{N}])';
const phrase = (word: string) => word.trim().split(/\s+/).map(escape).join('\\s+');
const wordStart = (word: string) => `${NOT_AFTER_A_LETTER}${phrase(word)}`;

interface Rules {
  each: { term: Glossary['terms'][number]; word: string; regex: RegExp }[];
  /** Any avoided word at all: most text has none, and one pass over it rules them all out. */
  any: RegExp;
}

// A check reads every file of a language against the same glossary: its patterns are built once.
const rulesOf = new WeakMap<Glossary, Rules>();

/**
 * \b knows only Latin letters, hence the lookbehind on letters and vowel signs; a space in a
 * phrase also matches the line break of folded YAML.
 */
function rules(glossary: Glossary): Rules {
  let found = rulesOf.get(glossary);
  if (!found) {
    const each = glossary.terms.flatMap((term) => term.avoid.map((word) => ({ term, word, regex: new RegExp(wordStart(word), 'gu') })));
    // One lookbehind for all the words, not one per word: the pass over text with none is then quick.
    const any = each.length ? `${NOT_AFTER_A_LETTER}(?:${each.map(({ word }) => phrase(word)).join('|')})` : '(?!)';
    found = { each, any: new RegExp(any, 'u') };
    rulesOf.set(glossary, found);
  }
  return found;
}

/** Every place a file of a language uses a word its glossary says to avoid. */
export function glossaryBreaches(glossary: Glossary, source: YamlSource): StyleBreach[] {
  return breachesIn(glossary, proseValues(source));
}

/**
 * The language a text is written in when it sits under a language's code, as the words of a
 * file that speaks every language do (hi: …, or an item of a list under hi:).
 */
export function languageOf(pointer: readonly string[], codes: ReadonlySet<string>): string | undefined {
  for (let index = pointer.length - 1; index >= 0; index--) {
    const key = pointer[index]!;
    if (codes.has(key)) return key;
    if (!/^\d+$/.test(key)) return undefined;
  }
  return undefined;
}

/**
 * Every place a file written in several languages at once (_desk.yaml, a block's words file)
 * uses a word that language's glossary avoids: a text under hi: is held to the Hindi glossary,
 * one under mr: to the Marathi; a text under no language's code is in `first`, the site's first language.
 */
export function glossaryBreachesByLanguage(glossaries: ReadonlyMap<string, Glossary>, first: string, source: YamlSource): StyleBreach[] {
  const codes = new Set([first, ...glossaries.keys()]);
  const byLanguage = new Map<string, TextValue[]>();
  for (const value of proseValues(source)) {
    const code = languageOf(value.pointer, codes) ?? first;
    byLanguage.set(code, [...(byLanguage.get(code) ?? []), value]);
  }
  return [...byLanguage]
    .flatMap(([code, values]) => {
      const glossary = glossaries.get(code);
      return glossary ? breachesIn(glossary, values) : [];
    })
    .sort((a, b) => a.offset - b.offset);
}

function breachesIn(glossary: Glossary, values: readonly TextValue[]): StyleBreach[] {
  const { each, any } = rules(glossary);
  const breaches: StyleBreach[] = [];
  for (const value of values) {
    if (!any.test(value.written)) continue;
    for (const { term, word, regex } of each) {
      for (const match of value.written.matchAll(regex)) {
        breaches.push({
          pointer: value.pointer,
          offset: value.start + match.index,
          message: `“${word}” is not the site's term; write “${term.use}”: ${term.why}`,
        });
      }
    }
  }
  return breaches.sort((a, b) => a.offset - b.offset);
}
