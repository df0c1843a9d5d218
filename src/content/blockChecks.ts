import type { BlockProblem, BlockRules } from '../blocks/blockRules.js';
import { blockRules } from '../blocks/blockRules.generated.js';
import type { Page } from './page.generated.js';
import type { Position, YamlSource } from './yamlSource.js';

export interface PlacedProblem {
  pointer: string[];
  /** Where in the file the problem is. */
  position: Position;
  message: string;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/** Where a word stands in a value as written: outside its quotes, and as a whole word. */
function wordAt(written: string, word: string): number {
  const quoted = /^["']/.test(written) ? 1 : 0;
  const inside = written.slice(quoted, quoted ? -1 : undefined);
  const pattern = /^'/.test(word) ? word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `(?<![\\w'"])${word}(?![\\w'"])`;
  const found = new RegExp(pattern).exec(inside);
  return found ? quoted + found.index : 0;
}

/**
 * The checks of blocks whose rules the schema cannot express (each block's own, in its
 * folder's <type>.rules.ts, such as an eligibility checker's conditions and figures), each
 * placed at the exact character it is about.
 */
export function blockProblems(page: Page, source: YamlSource): PlacedProblem[] {
  const placed: PlacedProblem[] = [];
  const texts = source.textValues();
  page.blocks.forEach((block, index) => {
    const rules = blockRules[block.type] as BlockRules<typeof block.type> | undefined;
    for (const problem of rules?.problems?.(block) ?? []) placed.push(place(['blocks', String(index), ...problem.pointer], problem));
  });

  function place(pointer: string[], problem: BlockProblem): PlacedProblem {
    const text = texts.find((value) => same(value.pointer, pointer));
    if (!text) return { pointer, position: source.positionOf(pointer), message: problem.message };
    let within = 0;
    if (problem.name !== undefined) within = wordAt(text.written, problem.name);
    else if (problem.index !== undefined && !/^[|>]/.test(text.written)) within = problem.index + (/^["']/.test(text.written) ? 1 : 0);
    return { pointer, position: source.positionAt(text.start + within), message: problem.message };
  }
  return placed;
}
