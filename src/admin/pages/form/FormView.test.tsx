import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { blankSchemePage } from '../../../content/blankPage';
import { contentOutlines } from '../../../content/schemaOutline';
import type { SchemaOutline } from '../../../shared/pageEditor';
import type { PlainProblem } from '../../../shared/plainProblems';
import { blockFolders, examplesPage } from '../../../../tests/helpers/blockExamples';
import { fixtureSite } from '../../../../tests/helpers/siteData';
import { FormView, hasForm } from './FormView';
import { changedLines, linesOf } from '../../../../tests/helpers/yamlLines';

const outlines = contentOutlines();
// The test site's pages in its three languages, and a page of each block's examples, so every
// kind of section and field is drawn; tests/content/formView.test.ts holds the live pages to what the form needs.
const pages: [string, string][] = [
  ...fixtureSite.files
    .filter((file) => file.endsWith('.yaml') && !file.split('/').at(-1)!.startsWith('_'))
    .map((file): [string, string] => [file, fixtureSite.read(file)]),
  ...blockFolders.map((folder): [string, string] => [`examples of ${folder}`, examplesPage(folder)]),
];

/** The form of a page, holding its text as the editor does, and every text it was given. */
function Form({
  initial,
  problems = [],
  texts,
  outline = outlines.page,
}: {
  initial: string;
  problems?: PlainProblem[];
  texts: string[];
  outline?: SchemaOutline;
}) {
  const [source, setSource] = useState(initial);
  return (
    <FormView
      source={source}
      outlines={outlines}
      outline={outline}
      problems={problems}
      pages={[{ route: '/homeloan', title: 'Home Loans' }]}
      pictures={[{ src: 'images/solar.jpg', alt: 'Solar panels on a roof' }]}
      onChange={(next) => {
        texts.push(next);
        setSource(next);
      }}
      onShowText={() => undefined}
    />
  );
}

/** The pointer of a field from its id: "«form»-blocks-2-items-0-title" → ['blocks', 2, 'items', 0, 'title']. */
function pointerOfField(element: HTMLElement, form: string): (string | number)[] {
  return element.id
    .slice(form.length + 1)
    .split('-')
    .map((step) => (/^\d+$/.test(step) ? Number(step) : step));
}

describe('the round trip: one field changed through the form view changes only that value’s lines', () => {
  test.each(pages)('%s', (file, source) => {
    const texts: string[] = [];
    const { container } = render(<Form initial={source} texts={texts} />);
    const title = container.querySelector<HTMLInputElement>('input[id$="-title"]')!;
    expect(container.querySelector(`label[for="${title.id}"]`)).toHaveTextContent('Page title');
    const form = title.id.slice(0, -'-title'.length);
    const fields = [...container.querySelectorAll<HTMLInputElement>('input[type="text"]:not([inputmode]), textarea')].filter(
      (field) => field.value !== '',
    );
    // The page's title and the last text of the page's last section, deep in its lists.
    for (const field of [title, fields.at(-1)!]) {
      const before = texts.at(-1) ?? source;
      const pointer = pointerOfField(field, form);
      act(() => field.focus());
      fireEvent.change(field, { target: { value: 'Changed in the form: yes' } });
      const after = texts.at(-1)!;
      const [from, to] = changedLines(before, after);
      const [first, last] = linesOf(before, pointer);
      expect(from, `${file} ${pointer.join('.')}`).toBeGreaterThanOrEqual(first);
      expect(to, `${file} ${pointer.join('.')}`).toBeLessThanOrEqual(last);
      expect(parseDocument(after).getIn(pointer)).toBe('Changed in the form: yes');
      act(() => field.blur());
    }
  });
});

describe('the form view of a page', () => {
  const blank = blankSchemePage(outlines, '2026-11-26');

  test('labels, hints and choices come from the schema; each list has Add, Move and Remove named from it', () => {
    render(<Form initial={blank} texts={[]} />);
    // What goes in a place is a hint in the empty field, never its text.
    expect(screen.getByLabelText('Page title')).toHaveValue('');
    expect(screen.getByLabelText('Page title')).toHaveAttribute('placeholder', 'Write the page’s title');
    expect(screen.getAllByLabelText('Description')[1]).toHaveAttribute('placeholder', 'Write the card’s description');
    expect(screen.getByRole('heading', { name: 'Cards (section 3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a question' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move card 2 up' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove question 5' })).toBeInTheDocument();
    expect(screen.getByText(/The page title shown in the browser tab/)).toBeInTheDocument();
    expect(screen.getByLabelText('Kind of section to add')).toHaveDisplayValue('Text');
  });

  test('Add a card writes a new card with its places to write, and the focus goes to its title', () => {
    const texts: string[] = [];
    render(<Form initial={blank} texts={texts} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    const cards = parseDocument(texts.at(-1)!).getIn(['blocks', 2, 'items']) as { items: unknown[] };
    expect(cards.items).toHaveLength(4);
    expect(parseDocument(texts.at(-1)!).toJS()).toMatchObject({ blocks: { 2: { items: { 3: { title: '', description: '' } } } } });
    expect(document.activeElement).toBe(screen.getAllByLabelText('Title').at(-1));
    expect(changedLines(blank, texts.at(-1)!)[1]).toBeLessThan(changedLines(blank, texts.at(-1)!)[0]);
  });

  test('moving and removing an item keeps the focus on its place; a list never goes below its fewest items', () => {
    const texts: string[] = [];
    render(<Form initial={blank} texts={texts} />);
    fireEvent.change(screen.getAllByLabelText('Question')[0]!, { target: { value: 'Who can apply?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    expect(parseDocument(texts.at(-1)!).getIn(['blocks', 3, 'items', 1, 'question'])).toBe('Who can apply?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move question 2 down' }));
    const text = screen.getByRole('heading', { name: 'Text (section 2)' }).closest('section')!;
    expect(within(text).queryByRole('button', { name: 'Remove paragraph 1' })).toBeNull();
  });

  test('a field is checked as the person types, in the check’s words', () => {
    render(<Form initial={blank} texts={[]} />);
    const description = screen.getByLabelText(/Description for search engines/);
    act(() => description.focus());
    fireEvent.change(description, { target: { value: 'Too short' } });
    expect(screen.getByText('Description for search engines must have at least 70 characters (it has 9).')).toBeInTheDocument();
    expect(description).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(description, { target: { value: '' } });
    expect(screen.getByText('Write the description for search engines.')).toBeInTheDocument();
  });

  test('a link is chosen from the site’s pages and a picture from the library', () => {
    const texts: string[] = [];
    render(<Form initial={blank} texts={texts} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Add a link' })[0]!);
    fireEvent.change(screen.getByLabelText('Page it leads to'), { target: { value: '/homeloan' } });
    expect(parseDocument(texts.at(-1)!).getIn(['blocks', 2, 'items', 0, 'link', 'to'])).toBe('/homeloan');
    fireEvent.change(screen.getAllByLabelText('Picture from the library')[0]!, { target: { value: 'images/solar.jpg' } });
    expect(parseDocument(texts.at(-1)!).getIn(['blocks', 0, 'image', 'src'])).toBe('images/solar.jpg');
    expect(screen.getByLabelText('Alt text')).toHaveValue('Solar panels on a roof');
  });

  test('the check’s problems show on their fields, in an error summary that links to each, and on a folded section’s heading', () => {
    const problem: PlainProblem = {
      sentence: 'Write the card’s description.',
      where: 'Cards (section 3) › Card 2 › Description',
      pointer: ['blocks', '2', 'items', '1', 'description'],
      details: 'solar-rooftop.yaml:20:22  blocks[2].items[1].description  still says “Write the card’s description”',
      severity: 'error',
      file: 'solar-rooftop.yaml',
      line: 20,
      col: 22,
    };
    render(<Form initial={blank} texts={[]} problems={[problem]} />);
    const link = screen.getByRole('link', { name: 'Cards (section 3) › Card 2 › Description: Write the card’s description.' });
    const field = screen.getAllByLabelText('Description')[1]!;
    expect(field).toHaveAccessibleDescription(/Write the card’s description\./);
    fireEvent.click(screen.getByRole('button', { name: /^Cards \(section 3\)/ }));
    expect(screen.getByRole('button', { name: 'Cards (section 3) · 1 problem' })).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getAllByLabelText('Description')[1]);
  });

  test('text the form cannot read sends the person to the YAML view', () => {
    render(<Form initial={'title: [unclosed\n'} texts={[]} />);
    expect(screen.getByRole('button', { name: 'Fix it in the YAML view' })).toBeInTheDocument();
  });
});

describe('the form view of a simple site file', () => {
  test('pages and the simple site files in their own language have a form; the site file, words files and translations keep the text', () => {
    expect(['clcss.yaml', 'mr/clcss.yaml'].map((file) => hasForm(file, true, file.includes('/')))).toEqual([true, true]);
    expect(['_desk.yaml', '_privacy.yaml', '_housestyle.yaml', 'mr/_glossary.yaml'].map((file) => hasForm(file, false, false))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(hasForm('mr/_privacy.yaml', false, true)).toBe(false);
    expect(['_site.yaml', '_ui.yaml', '_forms.yaml'].map((file) => hasForm(file, false, false))).toEqual([false, false, false]);
  });

  test('the desk’s statuses: a label changed in the form changes only its line, and the file has no sections to add', () => {
    const source = fixtureSite.read('_desk.yaml');
    const texts: string[] = [];
    render(<Form initial={source} texts={texts} outline={outlines.files['_desk.yaml']} />);
    expect(screen.queryByRole('button', { name: 'Add a section' })).toBeNull();
    const label = screen.getAllByLabelText(/^Label/)[1]!;
    act(() => label.focus());
    fireEvent.change(label, { target: { value: 'Called back' } });
    const after = texts.at(-1)!;
    const [from, to] = changedLines(source, after);
    expect(to - from).toBe(0);
    expect(parseDocument(after).getIn(['statuses', 1, 'label'])).toBe('Called back');
  });

  test('the privacy notice: its fields labelled from the schema, a number checked as it is typed', () => {
    const source = fixtureSite.read('_privacy.yaml');
    render(<Form initial={source} texts={[]} outline={outlines.files['_privacy.yaml']} />);
    expect(screen.getByRole('group', { name: 'Privacy notice' })).toBeInTheDocument();
    const days = screen.getByLabelText(/Response days/);
    act(() => days.focus());
    fireEvent.change(days, { target: { value: '120' } });
    expect(days).toHaveAttribute('aria-invalid', 'true');
  });
});
