import { describe, expect, test } from 'vitest';
import { MAX_KEYS, parseYaml } from './yamlSource';

const section = (keys: number) => ['items:', ...Array.from({ length: keys }, (_, index) => `  key${index}: value`)].join('\n');

describe('reading YAML at a cost that grows with the text only', () => {
  test('a key written twice is found at each repeat, in nested and in bracketed sections', () => {
    const { syntaxErrors, data } = parseYaml('title: a\nblock:\n  name: x\n  name: y\nflow: {a: 1, b: 2, a: 3}\ntitle: b\n');
    expect(syntaxErrors).toEqual([
      { pos: { line: 4, col: 3 }, message: 'this key appears twice in the same section; keep only one' },
      { pos: { line: 5, col: 20 }, message: 'this key appears twice in the same section; keep only one' },
      { pos: { line: 6, col: 1 }, message: 'this key appears twice in the same section; keep only one' },
    ]);
    expect(data).toBeUndefined();
  });

  test('the same key in different sections, or as text and as a number, is no repeat', () => {
    const { syntaxErrors, data } = parseYaml('a:\n  name: x\nb:\n  name: y\nc:\n  1: one\n  "1": text\n');
    expect(syntaxErrors).toEqual([]);
    expect(data).toEqual({ a: { name: 'x' }, b: { name: 'y' }, c: { 1: 'text' } });
  });

  test(`a section may have ${MAX_KEYS} keys, and one more is refused at that key`, () => {
    expect(parseYaml(section(MAX_KEYS)).syntaxErrors).toEqual([]);
    expect(parseYaml(section(MAX_KEYS + 1)).syntaxErrors).toEqual([
      {
        pos: { line: MAX_KEYS + 2, col: 3 },
        message: 'this section has more than 2,000 keys; a content file needs far fewer: split it, or make it a list',
      },
    ]);
  });

  test('a draft of 1,90,000 characters of keys in one section is refused with one problem', () => {
    const text = section(11_200);
    expect(text.length).toBeGreaterThan(190_000);
    expect(parseYaml(text).syntaxErrors).toHaveLength(1);
  });
});
