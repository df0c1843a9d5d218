import { Composer, CST, isMap, isScalar, isSeq, LineCounter, Parser, stringify, type Document, type Node, type Scalar } from 'yaml';

/** Where a value is in a content file: ['blocks', 2, 'items', 0, 'title']. */
export type Pointer = readonly (string | number)[];
export type FieldValue = string | number | boolean;

/** One change the form view makes to the YAML text. */
export type FormEdit =
  | { kind: 'set'; at: Pointer; value: FieldValue | Record<string, unknown> }
  | { kind: 'remove'; at: Pointer }
  | { kind: 'add-item'; list: Pointer; item: unknown; index?: number }
  | { kind: 'remove-item'; list: Pointer; index: number }
  | { kind: 'move-item'; list: Pointer; index: number; by: -1 | 1 };

/** A change that could not be written without touching other lines: the person makes it in the YAML view instead. */
export class FormEditError extends Error {}

/** How new lines are written: as the firm's files are, one value to a line. */
const WRITE = { lineWidth: 0, flowCollectionPadding: false } as const;

interface Parsed {
  tokens: CST.Token[];
  doc: Document.Parsed;
  lines: LineCounter;
}

function parse(source: string): Parsed {
  const lines = new LineCounter();
  const tokens = [...new Parser(lines.addNewLine).parse(source)];
  const [doc] = [...new Composer({ keepSourceTokens: true, uniqueKeys: true }).compose(tokens)];
  if (!doc || doc.errors.length > 0) throw new FormEditError('The text has a syntax error; fix it in the YAML view first.');
  return { tokens, doc, lines };
}

/** The file's data, or undefined while its text cannot be read. */
export function readData(source: string): unknown {
  try {
    return parse(source).doc.toJS();
  } catch {
    return undefined;
  }
}

const nodeAt = (doc: Document, at: Pointer): Node | undefined => {
  if (at.length === 0) return doc.contents ?? undefined;
  const found = doc.getIn(at, true);
  return found && typeof found === 'object' && 'range' in found ? (found as Node) : undefined;
};

const lineStart = (source: string, offset: number) => source.lastIndexOf('\n', offset - 1) + 1;
/** The start of the line after the one `offset` is on (or the end of the text). */
const nextLine = (source: string, offset: number) => {
  const end = source.indexOf('\n', offset);
  return end === -1 ? source.length : end + 1;
};
const columnOf = (source: string, offset: number) => offset - lineStart(source, offset);

/** The data after an edit, worked out on plain values: what the new text must read back as. */
function expected(data: unknown, edit: FormEdit): unknown {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  const parentOf = (at: Pointer, create: boolean) => {
    let here: Record<string | number, unknown> = copy;
    for (const step of at.slice(0, -1)) {
      if (here[step] === undefined && create) here[step] = {};
      here = here[step] as Record<string | number, unknown>;
    }
    return here;
  };
  if (edit.kind === 'set') parentOf(edit.at, true)[edit.at.at(-1)!] = edit.value;
  else if (edit.kind === 'remove') delete parentOf(edit.at, false)[edit.at.at(-1)!];
  else {
    const list = edit.list.reduce<unknown>((node, step) => (node as Record<string | number, unknown> | undefined)?.[step], copy) as
      unknown[] | undefined;
    if (edit.kind === 'add-item') {
      if (list) list.splice(edit.index ?? list.length, 0, edit.item);
      else parentOf(edit.list, true)[edit.list.at(-1)!] = [edit.item];
    } else if (edit.kind === 'remove-item') list!.splice(edit.index, 1);
    else list!.splice(edit.index + edit.by, 0, ...list!.splice(edit.index, 1));
  }
  return copy;
}

/** Whether text written plainly reads back as the same string (not a number, a date, true, null or a comment). */
function readsBackPlain(value: string): boolean {
  if (value === '' || value !== value.trim() || value.includes('\n')) return false;
  try {
    const read = parse(`k: ${value}\n`).doc.get('k', true);
    return isScalar(read) && read.value === value && read.type === 'PLAIN';
  } catch {
    return false; // "key: [a" is no value at all
  }
}

/** The scalar style to write a value in: the one it had where that still reads back as the value, else double quotes. */
function styleFor(value: FieldValue, had: Scalar.Type | undefined): Scalar.Type {
  if (typeof value !== 'string') return 'PLAIN';
  if (had === 'BLOCK_FOLDED' || had === 'BLOCK_LITERAL') return value.trim() === '' ? 'QUOTE_DOUBLE' : had;
  if (had === 'QUOTE_SINGLE' && !value.includes('\n')) return had;
  if (had === 'QUOTE_DOUBLE') return had;
  if (value.includes('\n')) return 'BLOCK_LITERAL';
  return readsBackPlain(value) ? 'PLAIN' : 'QUOTE_DOUBLE';
}

/** Rewrites one scalar's own token: its lines change, and nothing else of the file. */
function setScalar(parsed: Parsed, node: Scalar, value: FieldValue, inFlow: boolean): string {
  const token = node.srcToken!;
  CST.setScalarValue(token, String(value), { afterKey: true, inFlow, type: styleFor(value, node.type) });
  return parsed.tokens.map((token) => CST.stringify(token)).join('');
}

/** `key: value` as YAML lines at `indent` spaces, each ending in a line break. */
function pairLines(key: string | number, value: unknown, indent: number): string {
  return stringify({ [key]: value }, WRITE)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `${' '.repeat(indent)}${line}\n`)
    .join('');
}

/** A new list item as YAML lines, its dash at `indent` spaces. */
function itemLines(item: unknown, indent: number): string {
  return stringify([item], WRITE)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `${' '.repeat(indent)}${line}\n`)
    .join('');
}

/** Where the lines of a block collection's entry end: the start of the line after its last. */
function endOfEntry(source: string, node: Node): number {
  const end = node.range![2];
  return source[end - 1] === '\n' ? end : nextLine(source, end);
}

const withBreak = (source: string) => (source === '' || source.endsWith('\n') ? source : `${source}\n`);

/** Adds `key: value` to the mapping at `at`, after its last key (or inside its braces). */
function addPair(source: string, parsed: Parsed, at: Pointer, key: string | number, value: unknown): string {
  const map = nodeAt(parsed.doc, at);
  if (!isMap(map) || !map.range) throw new FormEditError(`There is no section at ${at.join('.')} to add ${String(key)} to.`);
  if (map.flow) {
    const close = source.lastIndexOf('}', map.range[1]);
    const inside = source.slice(map.range[0] + 1, close).trim();
    const written = stringify(value, { ...WRITE, collectionStyle: 'flow' }).trim();
    const before = source.slice(0, close);
    const kept = before.trimEnd();
    return `${kept}${inside ? ', ' : ''}${String(key)}: ${written}${before.slice(kept.length)}${source.slice(close)}`;
  }
  const last = map.items.at(-1);
  if (!last || !isScalar(last.key) || !last.key.range) throw new FormEditError('An empty section is changed in the YAML view.');
  const indent = columnOf(source, (map.items[0]!.key as Scalar).range![0]);
  const after =
    last.value && typeof last.value === 'object' && 'range' in last.value
      ? endOfEntry(source, last.value as Node)
      : nextLine(source, last.key.range[1]);
  const text = withBreak(source);
  return text.slice(0, after) + pairLines(key, value, indent) + text.slice(after);
}

/** Removes `key` and its value from the mapping that holds it. */
function removePair(source: string, parsed: Parsed, at: Pointer): string {
  const map = nodeAt(parsed.doc, at.slice(0, -1));
  if (!isMap(map)) throw new FormEditError('There is nothing to remove there.');
  const index = map.items.findIndex((pair) => isScalar(pair.key) && pair.key.value === at.at(-1));
  const pair = map.items[index];
  if (!pair || !isScalar(pair.key) || !pair.key.range) return source;
  if (map.flow) {
    const next = map.items[index + 1];
    const from = index > 0 ? ((map.items[index - 1]!.value as Node | null)?.range?.[1] ?? pair.key.range[0]) : pair.key.range[0];
    const to =
      index > 0
        ? ((pair.value as Node | null)?.range?.[1] ?? pair.key.range[1])
        : ((next?.key as Node | undefined)?.range?.[0] ?? map.range![1] - 1);
    return source.slice(0, from) + source.slice(to);
  }
  const from = lineStart(source, pair.key.range[0]);
  const next = map.items[index + 1];
  const to =
    next && isScalar(next.key) && next.key.range
      ? lineStart(source, next.key.range[0])
      : pair.value && typeof pair.value === 'object' && 'range' in pair.value
        ? endOfEntry(source, pair.value as Node)
        : nextLine(source, pair.key.range[1]);
  return source.slice(0, from) + source.slice(to);
}

/** The text span of each item of a block list: from the start of its dash's line to the start of the next item's. */
function itemSpans(source: string, list: Node & { items: Node[] }): [number, number][] {
  return list.items.map((item, index) => {
    const next = list.items[index + 1];
    return [lineStart(source, item.range![0]), next ? lineStart(source, next.range![0]) : endOfEntry(source, item)];
  });
}

function editList(source: string, parsed: Parsed, edit: Exclude<FormEdit, { kind: 'set' | 'remove' }>): string {
  const list = nodeAt(parsed.doc, edit.list);
  if (list === undefined && edit.kind === 'add-item')
    return addPair(source, parsed, edit.list.slice(0, -1), edit.list.at(-1)!, [edit.item]);
  if (!isSeq(list) || !list.range) throw new FormEditError(`There is no list at ${edit.list.join('.')}.`);
  if (list.flow) {
    // A list written on one line, [a, b], is written again on one line.
    const items = list.toJS(parsed.doc) as unknown[];
    const next = (expected({ list: items }, { ...edit, list: ['list'] }) as { list: unknown[] }).list;
    const written = stringify(next, { ...WRITE, collectionStyle: 'flow' }).trim();
    return source.slice(0, list.range[0]) + written + source.slice(list.range[1]);
  }
  const text = withBreak(source);
  const items = list.items as Node[];
  const spans = itemSpans(text, { ...list, items } as Node & { items: Node[] });
  if (edit.kind === 'add-item') {
    const dash = columnOf(
      text,
      lineStart(text, items[0]!.range![0]) + /^ */.exec(text.slice(lineStart(text, items[0]!.range![0])))![0].length,
    );
    const index = edit.index ?? items.length;
    const at = index < spans.length ? spans[index]![0] : spans.at(-1)![1];
    return text.slice(0, at) + itemLines(edit.item, dash) + text.slice(at);
  }
  if (edit.kind === 'remove-item') {
    const [from, to] = spans[edit.index]!;
    return text.slice(0, from) + text.slice(to);
  }
  const first = Math.min(edit.index, edit.index + edit.by);
  const [a, b] = [spans[first]!, spans[first + 1]!];
  return text.slice(0, a[0]) + text.slice(b[0], b[1]) + text.slice(a[0], a[1]) + text.slice(b[1]);
}

/** Equal data, whatever the order of keys. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const [left, right] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => key in right && deepEqual(left[key], right[key]));
}

/**
 * Makes one change of the form view in the YAML text through the `yaml` library's document and
 * its source tokens: a value's own token is rewritten, a key or a list item is added or removed
 * as whole lines at the indentation of its neighbours, and every other line stays byte for byte,
 * comments, order and quoting included. The new text is read back and must hold exactly the
 * data the change means; otherwise nothing changes and the person is told to use the YAML view.
 */
export function applyFormEdit(source: string, edit: FormEdit): string {
  const parsed = parse(source);
  const before = parsed.doc.toJS() as unknown;
  let next: string;
  if (edit.kind === 'set') {
    const node = nodeAt(parsed.doc, edit.at);
    const parent = nodeAt(parsed.doc, edit.at.slice(0, -1));
    if (isScalar(node) && node.srcToken && typeof edit.value !== 'object') {
      next = setScalar(parsed, node, edit.value, Boolean((parent as { flow?: boolean } | undefined)?.flow));
    } else if (node === undefined || node === null) {
      // The deepest section that exists takes the missing part as one new key.
      let depth = edit.at.length - 1;
      while (depth > 0 && !nodeAt(parsed.doc, edit.at.slice(0, depth))) depth--;
      const value = edit.at.slice(depth + 1).reduceRight<unknown>((inner, key) => ({ [key]: inner }), edit.value);
      next = addPair(source, parsed, edit.at.slice(0, depth), edit.at[depth]!, value);
    } else {
      next = removePair(source, parsed, edit.at);
      next = addPair(next, parse(next), edit.at.slice(0, -1), edit.at.at(-1)!, edit.value);
    }
  } else if (edit.kind === 'remove') {
    next = removePair(source, parsed, edit.at);
  } else {
    next = editList(source, parsed, edit);
  }
  const want = expected(before, edit);
  let got: unknown;
  try {
    got = parse(next).doc.toJS();
  } catch {
    got = undefined;
  }
  if (!deepEqual(got, want))
    throw new FormEditError('This change cannot be made in the form without changing other lines; make it in the YAML view.');
  return next;
}
