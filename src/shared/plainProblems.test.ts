import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { blankSchemePage } from '../content/blankPage';
import { checkContent } from '../content/checkContent';
import { diskFolder, withFiles } from '../content/contentFolder';
import { contentOutlines } from '../content/schemaOutline';
import type { ContentProblem } from './pageEditor';
import { isSampleWarning, plainProblems, type PlainProblem } from './plainProblems';

const PAGES = fileURLToPath(new URL('../../pages-data/', import.meta.url));
const read = (file: string) => readFileSync(PAGES + file, 'utf8');
const swap = (file: string, from: string | RegExp, to: string) => {
  const text = read(file);
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${String(from)} is not in ${file}`);
  return changed;
};

/**
 * One broken file per kind of problem the content check reports, all checked in one run over the
 * real pages-data: each case names its file and what a person must read about it.
 */
const BROKEN = new Map<string, string>([
  // The slip of the issue: a new card typed after a description, its dash lined up with the keys.
  [
    'services.yaml',
    swap('services.yaml', '          bankable project report.\n', '          bankable project report.\n        - title: Working capital\n'),
  ],
  ['about.yaml', swap('about.yaml', /^title: About Us$/m, 'title: About Us\ntitle: Again')],
  ['homeloan.yaml', swap('homeloan.yaml', /^description: .*$/m, 'description: Too short.')],
  ['cgtmse.yaml', swap('cgtmse.yaml', /^updated: .*$/m, 'updated: 22 November 2026\ncolour: blue')],
  [
    'hospitals.yaml',
    swap(
      'hospitals.yaml',
      '  - type: banner',
      '  - type: faq\n    items:\n      - question: Why?\n        answer: Because.\n  - type: banner',
    ),
  ],
  ['pancard.yaml', swap('pancard.yaml', / {4}items:\n {6}- >-\n {8}IP protection(.|\n)*?(?=\n {2}- type)/, '    items: []')],
  ['trader.yaml', swap('trader.yaml', /- type: (cards|text|list|faq|numbered)\n/, '- type: faqs\n')],
  ['index.yaml', ''],
  ['women.yaml', swap('women.yaml', /^( +)title: (?!.*\n\s*- type)(.*)$/m, '$1title: [one, two]')],
  ['mr/career.yaml', swap('mr/career.yaml', /^source: .*$/m, 'source: abcdefabcdef')],
  ['mr/hotal.yaml', swap('mr/hotal.yaml', /^source: .*\n/m, '')],
  // An empty scheme page, started and not written yet.
  ['solar-rooftop.yaml', blankSchemePage(contentOutlines(), '2026-11-26')],
  // The journey's slip: words typed after the prompt, in another case and spacing; and a prompt pasted as a heading.
  [
    'prompted.yaml',
    swap('clcss.yaml', /^title: .*$/m, "title: WRITE the  page's title Solar test").replace(
      /^( {4}title: ).*$/m,
      '$1Write the banner’s main heading',
    ),
  ],
]);

let plain: Map<string, PlainProblem[]>;
let menu: PlainProblem[];
let raw: ContentProblem[];

beforeAll(() => {
  const folder = withFiles(diskFolder(PAGES, 'pages-data'), BROKEN);
  raw = checkContent(folder, { today: new Date('2026-11-26T00:00:00Z') }).problems;
  const sources = new Map([...BROKEN].filter(([, text]) => text !== null).map(([file, text]) => [file, text]));
  for (const file of ['_site.yaml', 'mr/_site.yaml', 'hi/_site.yaml', 'mr/psi.yaml']) sources.set(file, read(file));
  const context = { outlines: contentOutlines(), sources };
  // The menu links to a page that is no longer there: a run of its own, as the site file then fails.
  const removed = withFiles(diskFolder(PAGES, 'pages-data'), new Map([['psi.yaml', null]]));
  menu = plainProblems(checkContent(removed).problems, context);
  plain = new Map();
  for (const problem of plainProblems(raw, context)) {
    const file = problem.details.split(':')[0]!;
    plain.set(file, [...(plain.get(file) ?? []), problem]);
  }
}, 60_000);

const inFile = (file: string) => (plain.get(file) ?? []).map(({ sentence, where }) => ({ sentence, where }));

describe('each kind of problem the check reports, in words that need no YAML', () => {
  test('a slip of indentation: one sentence naming the line and what to line it up with, not three parser errors', () => {
    expect(inFile('services.yaml')).toEqual([
      {
        sentence:
          'Line 38 starts a new item but is indented further than the item on line 32; put its dash under the dash of line 32 (6 spaces from the left).',
        where: 'Line 38 of the text',
      },
    ]);
    expect(raw.filter((problem) => problem.file === 'services.yaml').length).toBeGreaterThan(1);
  });

  test('a key written twice', () => {
    expect(inFile('about.yaml')[0]!.sentence).toBe('Line 3 cannot be read: this key appears twice in the same section; keep only one.');
  });

  test('too short, a date in the wrong form, and something the page does not have', () => {
    expect(inFile('homeloan.yaml')).toEqual([
      { sentence: 'Description for search engines must have at least 70 characters (it has 10).', where: 'Description for search engines' },
    ]);
    expect(inFile('cgtmse.yaml')).toEqual([
      { sentence: 'Last updated must be a date written as YYYY-MM-DD, such as 2026-11-22.', where: 'Last updated' },
      {
        sentence:
          'The page has “colour”, which it does not use: remove it in the YAML view, or correct its spelling (did you mean “blocks”?).',
        where: 'The page',
      },
    ]);
  });

  test('the first section not a banner, an empty list, and a kind of section that does not exist', () => {
    expect(inFile('hospitals.yaml')).toEqual([
      {
        sentence: 'The first section must be a banner: every page starts with one, and it carries the page’s main heading.',
        where: 'FAQ (section 1)',
      },
    ]);
    expect(inFile('pancard.yaml')).toEqual([{ sentence: 'Points needs at least 1 item (it has 0).', where: 'List (section 3) › Points' }]);
    expect(inFile('trader.yaml')[0]!.sentence).toBe('“faqs” is not a kind of section; did you mean “faq”?');
  });

  test('an empty page, and a value of the wrong kind', () => {
    expect(inFile('index.yaml')).toEqual([{ sentence: 'The page is empty: fill it in.', where: 'The page' }]);
    expect(inFile('women.yaml')[0]).toEqual({
      sentence: 'Main heading must be text, not a list.',
      where: 'Banner (section 1) › Main heading',
    });
  });

  test('an empty scheme page: each place still to write is named in words, once', () => {
    const unwritten = inFile('solar-rooftop.yaml');
    expect(unwritten.slice(0, 4)).toEqual([
      { sentence: 'Write the page’s title.', where: 'Page title' },
      { sentence: 'Write the page’s description for search engines.', where: 'Description for search engines' },
      { sentence: 'Write the banner’s main heading.', where: 'Banner (section 1) › Main heading' },
      { sentence: 'Write the text’s paragraph.', where: 'Text (section 2) › Paragraph 1' },
    ]);
    expect(unwritten).toContainEqual({ sentence: 'Write the card’s description.', where: 'Cards (section 3) › Card 2 › Description' });
    expect(unwritten).toContainEqual({ sentence: 'Write the question.', where: 'FAQ (section 4) › Question 5 › Question' });
    // The description is too short too, but that is not said on top of "Write the page’s description".
    expect(unwritten.filter((problem) => problem.where === 'Description for search engines')).toHaveLength(1);
    expect(unwritten).toHaveLength(2 + 1 + 1 + 6 + 10);
  });

  test('a text that still holds a prompt, whatever its case and spacing, is refused at its field', () => {
    // (The house style's warnings on the pasted heading's case come after.)
    expect(inFile('prompted.yaml').slice(0, 2)).toEqual([
      {
        sentence: 'Take out “Write the page’s title”, the prompt of this place, and keep only the page’s own words.',
        where: 'Page title',
      },
      { sentence: 'Write the banner’s main heading.', where: 'Banner (section 1) › Main heading' },
    ]);
  });

  test('a menu entry that leads to a removed page is named as the menu shows it', () => {
    const links = menu.filter((problem) => problem.sentence.includes('leads to /psi'));
    expect(links.map(({ sentence, where }) => ({ sentence, where }))).toContainEqual({
      sentence: '“Package Scheme of Incentives” leads to /psi, but the site has no page at that address.',
      where: 'Services menu › MSME Finance › Government Subsidies › Package Scheme of Incentives',
    });
    // Each language's menu names the entry in its own words, never by its place in the YAML.
    expect(links).toHaveLength(3);
    expect(links.filter((problem) => /nav|\[\d+\]/.test(problem.where))).toEqual([]);
  });

  test('a translation out of date, and one that does not say what it was made from', () => {
    expect(inFile('mr/career.yaml')[0]!.sentence).toBe(
      'The English page (career.yaml) has changed since this translation was made: bring the translation up to date (the Translation panel shows what changed), then publish it.',
    );
    expect(inFile('mr/hotal.yaml')[0]!.sentence).toBe(
      'This translation does not say which English version it was made from: check it against the English page, then publish it.',
    );
  });

  test('the firm’s sample details are a notice of their own, one per detail', () => {
    const samples = raw.filter(isSampleWarning);
    expect(samples.map((problem) => problem.path)).toEqual([
      'name',
      'phone',
      'email',
      'whatsapp',
      'address',
      'geo',
      'privacyContact',
      'grievanceContact',
      'fees',
      'lenders',
    ]);
    expect(inFile('_site.yaml')).toContainEqual({
      sentence: 'The firm’s WhatsApp number is still a sample: replace it with the firm’s own before going live.',
      where: 'WhatsApp number',
    });
    expect(inFile('_site.yaml')).toContainEqual({
      sentence: 'The firm’s phone is still a sample: replace it with the firm’s own before going live.',
      where: 'Phone',
    });
  });

  test('every problem keeps its exact place and the check’s own words as details', () => {
    for (const problem of [...plain.values()].flat()) expect(problem.details).toMatch(/^[\w/_.-]+\.yaml:\d+:\d+ {2}/);
  });
});
