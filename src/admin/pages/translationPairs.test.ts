import { expect, test } from 'vitest';
import { translationPairs } from './translationPairs';

const THEN = `title: Home Loan
source: abc
blocks:
  - type: banner
    title: Home Loan
    link: { label: Apply, to: /contactus }
  - type: faq
    items:
      - question: Who can apply?
        answer: Salaried people.
`;
const NOW = THEN.replace('Salaried people.', 'Salaried and self-employed people.').concat(
  '      - question: How long?\n        answer: Up to 30 years.\n',
);
const MARATHI = THEN.replace('Home Loan', 'गृहकर्ज')
  .replace('Who can apply?', 'कोण अर्ज करू शकतो?')
  .replace('Salaried people.', 'पगारदार व्यक्ती.');

test('each English text a reader reads, beside the translation at the same place, with what changed in English since', () => {
  expect(translationPairs(NOW, THEN, MARATHI)).toEqual([
    { place: 'title', english: 'Home Loan', translation: 'गृहकर्ज' },
    { place: 'blocks[0].title', english: 'Home Loan', translation: 'Home Loan' },
    { place: 'blocks[0].link.label', english: 'Apply', translation: 'Apply' },
    { place: 'blocks[1].items[0].question', english: 'Who can apply?', translation: 'कोण अर्ज करू शकतो?' },
    {
      place: 'blocks[1].items[0].answer',
      english: 'Salaried and self-employed people.',
      before: 'Salaried people.',
      translation: 'पगारदार व्यक्ती.',
    },
    { place: 'blocks[1].items[1].question', english: 'How long?', before: '' },
    { place: 'blocks[1].items[1].answer', english: 'Up to 30 years.', before: '' },
  ]);
});

test('without the English the translation was made from, nothing is marked as changed; broken YAML gives no translation', () => {
  const pairs = translationPairs(NOW, null, 'title: [broken');
  expect(pairs.every((pair) => pair.before === undefined && pair.translation === undefined)).toBe(true);
  expect(pairs).toHaveLength(7);
});
