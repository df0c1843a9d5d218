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

const same = (a: string[], b: string[]) => a.length === b.length && a.every((part, index) => part === String(b[index]));

/**
 * Every place a file breaks the house style: the patterns anywhere in its prose, and for a
 * page each block's own rules (a banner's title case, an FAQ's heading), kept in its folder.
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
