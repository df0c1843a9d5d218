import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { applyFormEdit, FormEditError, readData, type FormEdit, type Pointer } from './yamlEdits';

const folder = fileURLToPath(new URL('../../../../pages-data/', import.meta.url));
const pageFiles = ['', 'mr/', 'hi/'].flatMap((sub) =>
  readdirSync(folder + sub)
    .filter((name) => name.endsWith('.yaml') && !name.startsWith('_'))
    .map((name) => sub + name),
);

/** The lines of `before` that differ from `after`, as [first, last] (1-based, inclusive), ignoring equal heads and tails. */
function changed(before: string, after: string): { from: number; to: number; inserted: number } {
  const [a, b] = [before.split('\n'), after.split('\n')];
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { from: head + 1, to: a.length - tail, inserted: b.length - tail - head };
}

/** Every value's pointer with the lines it is written on, and every list's pointer. */
function walk(source: string) {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines });
  const scalars: { at: Pointer; value: unknown; from: number; to: number }[] = [];
  const lists: { at: Pointer; items: Node[] }[] = [];
  const visit = (node: unknown, at: Pointer) => {
    if (isScalar(node) && node.range) {
      scalars.push({ at, value: node.value, from: lines.linePos(node.range[0]).line, to: lines.linePos(node.range[1] - 1).line });
    } else if (isMap(node)) {
      for (const pair of node.items) if (isScalar(pair.key)) visit(pair.value, [...at, String(pair.key.value)]);
    } else if (isSeq(node)) {
      lists.push({ at, items: node.items as Node[] });
      node.items.forEach((item, index) => visit(item, [...at, index]));
    }
  };
  visit(doc.contents, []);
  return { scalars, lists, lineOf: (offset: number) => lines.linePos(offset).line };
}

describe('a change from the form view changes only its own lines', () => {
  test.each(pageFiles)('%s: a text, a number or a switch in each block, and each list of the first block with lists', (file) => {
    const source = readFileSync(folder + file, 'utf8');
    const { scalars, lists } = walk(source);
    const chosen = new Map<string, (typeof scalars)[number]>();
    for (const scalar of scalars) {
      const owner = scalar.at[0] === 'blocks' ? `blocks/${String(scalar.at[1])}/${typeof scalar.value}` : String(scalar.at[0]);
      if (!chosen.has(owner)) chosen.set(owner, scalar);
    }
    for (const scalar of chosen.values()) {
      const value =
        typeof scalar.value === 'number'
          ? scalar.value + 1
          : typeof scalar.value === 'boolean'
            ? !scalar.value
            : 'Changed: in the form, #1';
      const after = applyFormEdit(source, { kind: 'set', at: scalar.at, value });
      const lines = changed(source, after);
      expect(lines.from, `${scalar.at.join('.')}`).toBeGreaterThanOrEqual(scalar.from);
      expect(lines.to, `${scalar.at.join('.')}`).toBeLessThanOrEqual(scalar.to);
      expect(parseDocument(after).getIn(scalar.at)).toEqual(value);
    }
    for (const list of lists.filter((entry) => entry.items.length >= 2).slice(0, 3)) {
      const { lineOf } = walk(source);
      const first = list.items[0]!.range!;
      const second = list.items[1]!.range!;
      const moved = changed(source, applyFormEdit(source, { kind: 'move-item', list: list.at, index: 0, by: 1 }));
      expect(moved.from).toBeGreaterThanOrEqual(lineOf(first[0]));
      expect(moved.to).toBeLessThanOrEqual(lineOf(second[1] - 1) + 1);
      const removed = changed(source, applyFormEdit(source, { kind: 'remove-item', list: list.at, index: 1 }));
      expect(removed.from).toBeGreaterThanOrEqual(lineOf(second[0]));
      expect(removed.inserted).toBe(0);
      const item = readData(source) as Record<string, unknown>;
      const copy = list.at.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], item) as unknown[];
      const added = applyFormEdit(source, { kind: 'add-item', list: list.at, item: copy[0] });
      expect(changed(source, added).to).toBeLessThan(changed(source, added).from); // lines were only inserted
    }
  });
});

const PAGE = `# A comment that stays
title: "Quoted title"
description: >-
  A folded description that runs over
  two lines
blocks:
  - type: cards
    items:
      - title: One # the first
        description: First card
      - title: Two
        description: Second card
        image: {src: images/a.svg, alt: A}
  - type: list
    items: [a, b]
`;

describe('the edits the form view makes', () => {
  const edit = (change: FormEdit) => applyFormEdit(PAGE, change);

  test('a quoted value stays quoted, a plain one plain, and a comment after a value stays', () => {
    expect(edit({ kind: 'set', at: ['title'], value: 'New title' })).toContain('title: "New title"\n');
    expect(edit({ kind: 'set', at: ['blocks', 0, 'items', 0, 'title'], value: 'Uno' })).toContain('- title: Uno # the first\n');
  });

  test('a value that would read as something else is quoted: a number, a colon and space, a leading dash', () => {
    for (const value of ['123', 'yes: no', '- dash', 'true', '#hash', ' padded ']) {
      const after = edit({ kind: 'set', at: ['blocks', 0, 'items', 1, 'title'], value });
      expect(parseDocument(after).getIn(['blocks', 0, 'items', 1, 'title'])).toBe(value);
    }
  });

  test('a new key goes after the last key of its section, at its indentation; a missing section is made', () => {
    const after = edit({ kind: 'set', at: ['blocks', 0, 'items', 0, 'link', 'to'], value: '/homeloan' });
    expect(after).toContain('        description: First card\n        link:\n          to: /homeloan\n      - title: Two');
    const flow = edit({ kind: 'set', at: ['blocks', 0, 'items', 1, 'image', 'caption'], value: 'x' });
    expect(flow).toContain('image: {src: images/a.svg, alt: A, caption: x}');
  });

  test('an optional key is removed with its lines', () => {
    const after = edit({ kind: 'remove', at: ['blocks', 0, 'items', 1, 'image'] });
    expect(after).toContain('        description: Second card\n  - type: list');
  });

  test('list items are added, removed and moved as whole lines, and a one-line list stays on one line', () => {
    const added = edit({ kind: 'add-item', list: ['blocks', 0, 'items'], item: { title: 'Three', description: 'Third card' } });
    expect(added).toContain(
      '        image: {src: images/a.svg, alt: A}\n      - title: Three\n        description: Third card\n  - type: list',
    );
    const moved = edit({ kind: 'move-item', list: ['blocks', 0, 'items'], index: 1, by: -1 });
    expect(moved).toContain('    items:\n      - title: Two\n');
    expect(moved).toContain('      - title: One # the first\n        description: First card\n  - type: list');
    const removed = edit({ kind: 'remove-item', list: ['blocks'], index: 1 });
    expect(removed.endsWith('image: {src: images/a.svg, alt: A}\n')).toBe(true);
    expect(edit({ kind: 'add-item', list: ['blocks', 1, 'items'], item: 'c' })).toContain('items: [a, b, c]');
    expect(edit({ kind: 'set', at: ['description'], value: 'Short' })).toContain('# A comment that stays\ntitle: "Quoted title"\n');
  });

  test('text with a syntax error is not changed by the form', () => {
    expect(() => applyFormEdit('title: [unclosed\n', { kind: 'set', at: ['title'], value: 'x' })).toThrow(FormEditError);
  });
});
