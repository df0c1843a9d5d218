import { describe, expect, test } from 'vitest';
import { contentOutlines } from '../../content/schemaOutline';
import { outlineOf } from '../../shared/plainProblems';
import { helpAt, placeAt } from './schemaHelp';

const outlines = contentOutlines();
const page = outlineOf(outlines, 'clcss.yaml')!;
const PAGE = `title: A page
blocks:
  - type: faq
    heading: Questions
    items:
      - question: Why?
        ans`;

describe('the editor’s help from the schema', () => {
  test('keys offered where the cursor is: the page, a block by its type, an item of its list', () => {
    expect(Object.keys(placeAt(outlines, page, 'ti', 2).mapping!.properties!)).toContain('description');
    const inItem = placeAt(outlines, page, PAGE, PAGE.length);
    expect(Object.keys(inItem.mapping!.properties!).sort()).toEqual(['answer', 'question']);
    expect(inItem.from).toBe(PAGE.length - 3);
    const inBlock = `${PAGE.slice(0, PAGE.indexOf('    heading'))}    `;
    expect(Object.keys(placeAt(outlines, page, inBlock, inBlock.length).mapping!.properties!)).toContain('items');
  });

  test('values offered after a key: the block types after type:', () => {
    const text = 'blocks:\n  - type: fa';
    const place = placeAt(outlines, page, text, text.length);
    expect(place.key).toBe('type');
    expect(place.mapping!.properties!.type!.values).toContain('faq');
  });

  test('help on a key is its schema description, with the values allowed', () => {
    const help = helpAt(outlines, page, PAGE, PAGE.indexOf('heading') + 2);
    expect(help).toMatchObject({ from: PAGE.indexOf('heading'), to: PAGE.indexOf('heading') + 'heading'.length });
    expect(help!.text).toMatch(/^heading: \S/);
    expect(helpAt(outlines, page, PAGE, PAGE.indexOf('Questions') + 2)).toBeUndefined();
  });

  test('every block can be inserted with its required keys', () => {
    expect(outlines.blocks.find((block) => block.type === 'faq')!.yaml).toBe(
      '- type: faq\n  items:\n    - question: Write the question\n      answer: Write the question’s answer\n',
    );
  });
});
