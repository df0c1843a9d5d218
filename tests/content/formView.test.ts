import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { fits } from '../../src/admin/pages/form/formFields';
import { applyFormEdit, readData, type Pointer } from '../../src/admin/pages/form/yamlEdits';
import { diskFolder } from '../../src/content/contentFolder';
import { contentOutlines } from '../../src/content/schemaOutline';
import type { SchemaOutline } from '../../src/shared/pageEditor';
import { changedLines, linesOf } from '../helpers/yamlLines';

// What the page editor's form view needs of the live content, checked in Node: every page and
// translation in pages-data/ is one the form can show field by field, and a text changed through
// it changes that text's lines alone. src/admin/pages/form/FormView.test.tsx tests the form
// itself, in jsdom, on the test site's pages.
const PAGES_DATA = path.resolve(import.meta.dirname, '../../pages-data');
const outlines = contentOutlines();
const pageFiles = diskFolder(PAGES_DATA).files.filter((file) => file.endsWith('.yaml') && !path.basename(file).startsWith('_'));

interface Place {
  pointer: Pointer;
  outline: SchemaOutline;
  value: unknown;
}

/** Every value of a page with the outline the form shows it by: the page's own fields, then each section's by its type. */
function placesOf(page: Record<string, unknown>): Place[] {
  const places: Place[] = [];
  const walk = (pointer: Pointer, outline: SchemaOutline, value: unknown) => {
    places.push({ pointer, outline, value });
    if (Array.isArray(value) && outline.items) value.forEach((item, index) => walk([...pointer, index], outline.items!, item));
    else if (value && typeof value === 'object' && outline.properties)
      for (const [key, child] of Object.entries(value))
        if (outline.properties[key]) walk([...pointer, key], outline.properties[key], child);
  };
  for (const [key, value] of Object.entries(page))
    if (key !== 'blocks' && outlines.page.properties?.[key]) walk([key], outlines.page.properties[key], value);
  (page.blocks as { type: string }[]).forEach((block, index) => {
    const entry = outlines.blocks.find((candidate) => candidate.type === block.type);
    if (entry) walk(['blocks', index], entry.outline, block);
    else
      places.push({
        pointer: ['blocks', index, 'type'],
        outline: { values: outlines.blocks.map(({ type }) => type) },
        value: `unknown ${block.type}`,
      });
  });
  return places;
}

describe.each(pageFiles)('%s', (file) => {
  const source = readFileSync(path.join(PAGES_DATA, file), 'utf8');
  const page = readData(source) as Record<string, unknown>;

  test('the form view shows every value as a field of its kind, with no “Fix it in the YAML view”', () => {
    expect(page).toBeTypeOf('object');
    const misfits = placesOf(page).filter(
      ({ outline, value }) => !fits(outline, value) || (outline.values && !outline.values.includes(value as string)),
    );
    expect(misfits.map(({ pointer }) => pointer.join('.'))).toEqual([]);
  });

  test('the title and the last text of every section, changed in the form, change only their own lines', () => {
    const texts = placesOf(page).filter(({ outline, value }) => outline.type === 'string' && typeof value === 'string');
    const lastOfEachSection = [...new Map(texts.map((place) => [place.pointer.slice(0, 2).join('.'), place])).values()];
    for (const { pointer } of [texts.find(({ pointer }) => pointer.join('.') === 'title')!, ...lastOfEachSection]) {
      const after = applyFormEdit(source, { kind: 'set', at: pointer, value: 'Changed in the form: yes' });
      const [from, to] = changedLines(source, after);
      const [first, last] = linesOf(source, pointer);
      expect(from, pointer.join('.')).toBeGreaterThanOrEqual(first);
      expect(to, pointer.join('.')).toBeLessThanOrEqual(last);
      expect(parseDocument(after).getIn(pointer)).toBe('Changed in the form: yes');
    }
  });
});

describe.each(['_desk.yaml', '_privacy.yaml', '_housestyle.yaml', '_glossary.yaml'])('%s', (file) => {
  test('the form view shows every value as a field of its kind', () => {
    const data = readData(readFileSync(path.join(PAGES_DATA, file), 'utf8')) as Record<string, unknown>;
    const outline = outlines.files[file]!;
    const misfits = Object.entries(data).filter(
      ([key, value]) => key !== 'source' && (!outline.properties?.[key] || !fits(outline.properties[key], value)),
    );
    expect(misfits.map(([key]) => key)).toEqual([]);
  });
});
