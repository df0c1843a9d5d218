import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { applyMenuEdit, NEEDS_LABEL, readMenu } from './menuEdits';

const read = (file: string) => readFileSync(new URL(`../../../pages-data/${file}`, import.meta.url), 'utf8');
const SITE = new Map([
  ['en', read('_site.yaml')],
  ['mr', read('mr/_site.yaml')],
  ['hi', read('hi/_site.yaml')],
]);
const comments = (text: string) => text.split('\n').filter((line) => line.trimStart().startsWith('#'));
const RETAIL = ['nav', 2, 'columns', 0, 'items'];

test('the menu reads as visitors see it: top entries, the Services columns with their sub-menus, and the footer', () => {
  const { nav, footer } = readMenu(SITE);
  expect(nav.entries.map((entry) => entry.label)).toEqual(['Home', 'About', 'Services', 'Career', 'Contact']);
  const services = nav.entries[2]!;
  expect(services.columns!.map((column) => column.heading)).toEqual(['Retail Loans', 'MSME Finance', 'Certificate']);
  expect(services.columns![0]!.entries[0]).toEqual({
    label: 'Home Loan',
    labels: { en: 'Home Loan', mr: 'गृहकर्ज', hi: 'होम लोन' },
    to: '/homeloan',
    needsLabel: [],
  });
  expect(services.columns![1]!.entries[0]!.items!.entries.map((entry) => entry.to)).toEqual(['/services', '/trader']);
  expect(footer.entries.map((entry) => entry.to)).toEqual(['/', '/about', '/services', '/career', '/contactus', '/fees', '/privacy']);
});

test('moving an entry changes only its own lines in every language, and keeps every comment', () => {
  const moved = applyMenuEdit(SITE, { kind: 'move', list: RETAIL, index: 0, by: 1 });
  for (const [language, before] of SITE) {
    const after = moved.get(language)!;
    const changed = after.split('\n').filter((line, at) => line !== before.split('\n')[at]);
    expect(changed, language).toHaveLength(4);
    expect(comments(after)).toEqual(comments(before));
  }
  expect(
    readMenu(moved)
      .nav.entries[2]!.columns![0]!.entries.map((entry) => entry.to)
      .slice(0, 2),
  ).toEqual(['/propertyloan', '/homeloan']);
  // And back again: byte for byte what it was.
  expect(applyMenuEdit(moved, { kind: 'move', list: RETAIL, index: 1, by: -1 })).toEqual(SITE);
});

test('an entry moves to another column at its end, in every language', () => {
  const moved = applyMenuEdit(SITE, { kind: 'move-to', list: RETAIL, index: 4, to: ['nav', 2, 'columns', 2, 'items'] });
  for (const language of ['en', 'mr', 'hi']) {
    const { nav } = readMenu(new Map([[language, moved.get(language)!]]));
    expect(nav.entries[2]!.columns![0]!.entries.map((entry) => entry.to)).not.toContain('/vehicleloan');
    expect(nav.entries[2]!.columns![2]!.entries.at(-1)!.to).toBe('/vehicleloan');
  }
});

test('a page added in English is flagged in each language until its label is written there', () => {
  const added = applyMenuEdit(SITE, { kind: 'add', list: RETAIL, to: '/mudra', labels: { en: 'MUDRA Loan', mr: '', hi: '' } });
  const entry = () => readMenu(added).nav.entries[2]!.columns![0]!.entries.at(-1)!;
  expect(entry()).toMatchObject({ label: 'MUDRA Loan', labels: { mr: 'MUDRA Loan' }, to: '/mudra', needsLabel: ['mr', 'hi'] });
  expect(added.get('mr')).toContain(`- label: MUDRA Loan #${NEEDS_LABEL}\n            to: /mudra\n`);
  const index = readMenu(added).nav.entries[2]!.columns![0]!.entries.length - 1;
  const named = applyMenuEdit(added, { kind: 'rename', list: RETAIL, index, labels: { mr: 'मुद्रा कर्ज' } });
  expect(readMenu(named).nav.entries[2]!.columns![0]!.entries.at(-1)!.needsLabel).toEqual(['hi']);
  expect(named.get('mr')).toContain('- label: मुद्रा कर्ज\n            to: /mudra\n');
  expect(named.get('en')).toBe(added.get('en'));
});

test('a column is renamed by its heading, and a removed entry leaves every language', () => {
  const renamed = applyMenuEdit(SITE, { kind: 'rename', list: ['nav', 2, 'columns'], index: 2, labels: { en: 'Certificates' } });
  expect(readMenu(renamed).nav.entries[2]!.columns![2]!.heading).toBe('Certificates');
  expect(renamed.get('mr')).toBe(SITE.get('mr'));
  const removed = applyMenuEdit(SITE, { kind: 'remove', list: ['footer', 'links'], index: 6 });
  for (const language of SITE.keys()) expect(removed.get(language)).not.toMatch(/to: \/privacy\n/);
});
