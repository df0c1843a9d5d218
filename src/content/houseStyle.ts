import type { HouseStyle } from './housestyle.generated.js';
import type { TextValue, YamlSource } from './yamlSource.js';

/** Values that name something rather than say it: addresses, files, icons, block types, numbers. */
const NOT_PROSE = new Set([
  'to',
  'src',
  'icon',
  'type',
  'id',
  'form',
  'phone',
  'email',
  'whatsapp',
  'postalCode',
  'country',
  'opens',
  'closes',
]);
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’.&-]*/gu;

/** The text values of a file that a reader reads, each with where it was written. */
export function proseValues(source: YamlSource): TextValue[] {
  return source.textValues().filter((value) => !NOT_PROSE.has(value.pointer.at(-1) ?? ''));
}

export interface StyleBreach {
  pointer: string[];
  /** Where the breach starts in the file. */
  offset: number;
  message: string;
}

const same = (a: string[], b: (string | number)[]) => a.length === b.length && a.every((part, index) => part === String(b[index]));

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
        pointer: value.pointer,
        offset: value.start + match.index,
        message: `“${word}”: ${style.message}, as in ${style.suggestion}`,
      });
    starts = false;
  }
  return breaches;
}

/**
 * Every place a file breaks the house style: the patterns anywhere in its prose, and for a
 * page the case of its banner title and the heading of its FAQ.
 */
export function houseStyleBreaches(style: HouseStyle, source: YamlSource, data: unknown): StyleBreach[] {
  const patterns = style.patterns.map((rule) => ({ rule, regex: new RegExp(rule.find, rule.caseSensitive ? 'g' : 'gi') }));
  const values = proseValues(source);
  const breaches: StyleBreach[] = [];
  for (const value of values) {
    for (const { rule, regex } of patterns) {
      for (const match of value.written.matchAll(regex)) {
        breaches.push({ pointer: value.pointer, offset: value.start + match.index, message: `${rule.message}, as in ${rule.suggestion}` });
      }
    }
  }
  const blocks = (data as { blocks?: { type?: string; heading?: string }[] }).blocks ?? [];
  blocks.forEach((block, index) => {
    if (block.type === 'banner') {
      const title = values.find((value) => same(value.pointer, ['blocks', index, 'title']));
      if (title) breaches.push(...titleCaseBreaches(title, style.bannerTitles));
    }
    if (block.type === 'faq' && block.heading !== style.faqHeading.text) {
      const heading = values.find((value) => same(value.pointer, ['blocks', index, 'heading']));
      const where = heading ? heading.start : source.textValues().find((value) => same(value.pointer, ['blocks', index, 'type']))!.start;
      breaches.push({
        pointer: ['blocks', String(index), 'heading'],
        offset: where,
        message: `${style.faqHeading.message}: “${style.faqHeading.text}”`,
      });
    }
  });
  return breaches.sort((a, b) => a.offset - b.offset);
}
