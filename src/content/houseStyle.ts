import { RE2 } from 're2-wasm';
import type { HouseStyle } from './housestyle.generated.js';
import type { BlockRules, StyleBreach } from '../blocks/blockRules.js';
import { blockRules } from '../blocks/blockRules.generated.js';
import type { Block } from './page.generated.js';
import { NOT_PROSE } from './notProse.js';
import type { TextValue, YamlSource } from './yamlSource.js';

/** The text values of a file that a reader reads, each with where it was written. */
export function proseValues(source: YamlSource): TextValue[] {
  return source.textValues().filter((value) => !NOT_PROSE.has(value.pointer.at(-1) ?? ''));
}

export type { StyleBreach };

type Rule = HouseStyle['patterns'][number];

const same = (a: string[], b: string[]) => a.length === b.length && a.every((part, index) => part === String(b[index]));

/**
 * The house style's patterns run on RE2 (Google's engine, as WebAssembly: re2-wasm), whose time
 * grows with the text and never explodes whatever the pattern: an editor's rule such as
 * ((\w+\s?)+)+# cannot stall a check. Each pattern is compiled once; one that RE2 cannot read
 * is reported by `patternProblems`.
 */
const compiled = new Map<string, RE2 | Error>();

function compile(find: string, flags: string): RE2 | Error {
  const key = `${flags} ${find}`;
  let found = compiled.get(key);
  if (!found) {
    // Drafts of the house style can bring any number of patterns: only the latest few hundred are kept.
    if (compiled.size > 500) compiled.clear();
    try {
      found = new RE2(find, flags);
    } catch (error) {
      found = error as Error;
    }
    compiled.set(key, found);
  }
  return found;
}

const ruleRegex = (rule: Rule) => compile(rule.find, rule.caseSensitive ? 'gu' : 'giu');

/**
 * All of a style's patterns as one, to rule a whole file out in one pass: most files break
 * none, and one pass of RE2 over a file costs what one pattern does.
 */
function anyRule(style: HouseStyle): RE2 | undefined {
  const usable = style.patterns.filter((rule) => !(ruleRegex(rule) instanceof Error));
  if (usable.length === 0) return undefined;
  const any = compile(usable.map((rule) => `(?${rule.caseSensitive ? '' : 'i'}:${rule.find})`).join('|'), 'u');
  return any instanceof Error ? undefined : any;
}

/** Each pattern of the house style RE2 cannot use, at its `find`. */
export function patternProblems(style: HouseStyle): { pointer: string[]; message: string }[] {
  return style.patterns.flatMap((rule, index) => {
    const regex = ruleRegex(rule);
    if (!(regex instanceof Error)) return [];
    const reason = regex.message.replace(/^Invalid regular expression: \/.*\/\w*: /, '');
    return [
      {
        pointer: ['patterns', String(index), 'find'],
        message: `is not a pattern the check can use (${reason}); write it in RE2's syntax, which has no lookahead, lookbehind or back-references (notAfter lists words a match may not follow)`,
      },
    ];
  });
}

/** The word just before `start` (with one space between), if there is one. */
function wordBefore(text: string, start: number): string | undefined {
  return /(?:^|[^\p{L}\p{M}\p{N}_])([\p{L}\p{M}\p{N}_'’.-]{1,40})\s$/u.exec(text.slice(Math.max(0, start - 42), start))?.[1];
}

/** Every match of a rule in a text as written, leaving out those right after one of its notAfter words. */
function* matches(rule: Rule, regex: RE2, text: string): Generator<number> {
  const exempt = new Set((rule.notAfter ?? []).map((word) => (rule.caseSensitive ? word : word.toLowerCase())));
  regex.lastIndex = 0;
  for (let found = regex.exec(text); found; found = regex.exec(text)) {
    // An empty match would be found again at the same place.
    if (found[0] === '') regex.lastIndex += 1;
    const before = exempt.size > 0 ? wordBefore(text, found.index) : undefined;
    if (before !== undefined && exempt.has(rule.caseSensitive ? before : before.toLowerCase())) continue;
    yield found.index;
  }
}

/**
 * Every place a file breaks the house style: the patterns anywhere in its prose, and for a
 * page each block's own rules (a banner's title case, an FAQ's heading), kept in its folder.
 */
export function houseStyleBreaches(style: HouseStyle, source: YamlSource, data: unknown): StyleBreach[] {
  const possible = anyRule(style)?.test(source.text) ?? false;
  const patterns = possible
    ? style.patterns.flatMap((rule) => {
        const regex = ruleRegex(rule);
        return regex instanceof Error ? [] : [{ rule, regex }];
      })
    : [];
  const values = proseValues(source);
  const breaches: StyleBreach[] = [];
  for (const value of patterns.length > 0 ? values : []) {
    for (const { rule, regex } of patterns) {
      for (const start of matches(rule, regex, value.written)) {
        breaches.push({ pointer: value.pointer, offset: value.start + start, message: `${rule.message}, as in ${rule.suggestion}` });
      }
    }
  }
  const blocks = (data as { blocks?: Block[] }).blocks ?? [];
  blocks.forEach((block, index) => {
    const at = ['blocks', String(index)];
    const rules = blockRules[block.type] as BlockRules<typeof block.type> | undefined;
    const found = rules?.styleBreaches?.(block, {
      style,
      textAt: (pointer) => values.find((value) => same(value.pointer, [...at, ...pointer])),
      start: source.textValues().find((value) => same(value.pointer, [...at, 'type']))!.start,
    });
    for (const breach of found ?? []) breaches.push({ ...breach, pointer: [...at, ...breach.pointer] });
  });
  return breaches.sort((a, b) => a.offset - b.offset);
}
