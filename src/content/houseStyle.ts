import { RE2JS } from 're2js';
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
 * The house style's patterns run on RE2 (re2js), whose time grows with the text and never
 * explodes whatever the pattern: an editor's rule such as ((\w+\s?)+)+# cannot stall a check.
 * Compiled once per pattern; a pattern RE2 cannot read is reported by `patternProblems`.
 */
const compiled = new Map<string, RE2JS | Error>();

function compile(rule: Rule): RE2JS | Error {
  const key = `${rule.caseSensitive ? 'case' : 'nocase'} ${rule.find}`;
  let found = compiled.get(key);
  if (!found) {
    try {
      found = RE2JS.compile(rule.find, rule.caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
    } catch (error) {
      found = error as Error;
    }
    compiled.set(key, found);
  }
  return found;
}

/** Each pattern of the house style RE2 cannot use, at its `find`. */
export function patternProblems(style: HouseStyle): { pointer: string[]; message: string }[] {
  return style.patterns.flatMap((rule, index) => {
    const regex = compile(rule);
    if (!(regex instanceof Error)) return [];
    const reason = regex.message.replace(/^error parsing regexp: /, '');
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
function* matches(rule: Rule, regex: RE2JS, text: string): Generator<number> {
  const exempt = new Set((rule.notAfter ?? []).map((word) => (rule.caseSensitive ? word : word.toLowerCase())));
  const matcher = regex.matcher(text);
  while (matcher.find()) {
    const start = matcher.start();
    const before = exempt.size > 0 ? wordBefore(text, start) : undefined;
    if (before !== undefined && exempt.has(rule.caseSensitive ? before : before.toLowerCase())) continue;
    yield start;
  }
}

/**
 * Every place a file breaks the house style: the patterns anywhere in its prose, and for a
 * page each block's own rules (a banner's title case, an FAQ's heading), kept in its folder.
 */
export function houseStyleBreaches(style: HouseStyle, source: YamlSource, data: unknown): StyleBreach[] {
  const patterns = style.patterns.flatMap((rule) => {
    const regex = compile(rule);
    return regex instanceof Error ? [] : [{ rule, regex }];
  });
  const values = proseValues(source);
  const breaches: StyleBreach[] = [];
  for (const value of values) {
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
