import type { Glossary } from './glossary.generated.js';
import { proseValues, type StyleBreach } from './houseStyle.js';
import type { YamlSource } from './yamlSource.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds an avoided word where a word starts, with any ending, so one entry covers its
 * inflected forms (कर्ज़दार, कर्ज़दारों). \b knows only Latin letters, hence the lookbehind on
 * letters and vowel signs; a space in a phrase also matches the line break of folded YAML.
 */
function avoidedPattern(word: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${word.trim().split(/\s+/).map(escape).join('\\s+')}`, 'gu');
}

/** Every place a file of a language uses a word its glossary says to avoid. */
export function glossaryBreaches(glossary: Glossary, source: YamlSource): StyleBreach[] {
  const rules = glossary.terms.flatMap((term) => term.avoid.map((word) => ({ term, word, regex: avoidedPattern(word) })));
  const breaches: StyleBreach[] = [];
  for (const value of proseValues(source)) {
    for (const { term, word, regex } of rules) {
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
