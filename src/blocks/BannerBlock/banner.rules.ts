import type { HouseStyle } from '../../content/housestyle.generated';
import type { TextValue } from '../../content/yamlSource';
import type { BlockRules, StyleBreach } from '../blockRules';

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’.&-]*/gu;

/** Words of a title in the wrong case: the first (and any after a colon or dash) and every other but the small ones start with a capital. */
function titleCaseBreaches(value: TextValue, style: HouseStyle['bannerTitles']): StyleBreach[] {
  const small = new Set(style.smallWords);
  const breaches: StyleBreach[] = [];
  let starts = true;
  for (const match of value.written.matchAll(WORD)) {
    const word = match[0];
    const before = value.written.slice(0, match.index).trimEnd();
    if (/[:–—]$|\s-$/.test(before)) starts = true;
    const lower = word.toLowerCase();
    const capital = word[0] !== word[0]!.toLowerCase() || /^\p{N}/u.test(word);
    const wrong = starts ? !capital : small.has(lower) ? word !== lower : !capital;
    if (wrong)
      breaches.push({
        pointer: ['title'],
        offset: value.start + match.index,
        message: `“${word}”: ${style.message}, as in ${style.suggestion}`,
      });
    starts = false;
  }
  return breaches;
}

/** The page's main heading is in title case, as the house style writes it. */
export const rules: BlockRules<'banner'> = {
  styleBreaches(_block, { style, textAt }) {
    const title = textAt(['title']);
    return title ? titleCaseBreaches(title, style.bannerTitles) : [];
  },
};
