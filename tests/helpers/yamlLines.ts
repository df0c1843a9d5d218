import { LineCounter, parseDocument } from 'yaml';
import type { Pointer } from '../../src/admin/pages/form/yamlEdits';

/** The lines (1-based, inclusive) the value at `pointer` is written on. */
export function linesOf(source: string, pointer: Pointer): [number, number] {
  const lines = new LineCounter();
  const node = parseDocument(source, { lineCounter: lines }).getIn(pointer, true) as { range: [number, number, number] };
  return [lines.linePos(node.range[0]).line, lines.linePos(node.range[1] - 1).line];
}

/** The first and last lines (1-based) that differ between two texts: what an edit through the form touched. */
export function changedLines(before: string, after: string): [number, number] {
  const [a, b] = [before.split('\n'), after.split('\n')];
  let head = 0;
  while (a[head] === b[head] && head < a.length) head++;
  let tail = 0;
  while (tail < a.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return [head + 1, a.length - tail];
}
