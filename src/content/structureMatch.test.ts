import { expect, test } from 'vitest';
import { structureMismatches } from './structureMatch';

const english = {
  title: 'Home Loan',
  updated: '2026-11-01',
  blocks: [
    { type: 'banner', title: 'Home Loans', tagline: { text: 'Your home', stopAt: 9 } },
    { type: 'cards', items: [{ title: 'A', link: { to: '/about', label: 'About us' } }] },
    {
      type: 'faq',
      items: [
        { question: 'Q1', answer: 'A1' },
        { question: 'Q2', answer: 'A2' },
      ],
    },
  ],
  messages: { type: 'Enter your name', pattern: 'Enter {min} digits' },
};

const marathi = () =>
  structuredClone({
    ...english,
    title: 'गृहकर्ज',
    updated: '2026-11-23',
    source: 'abcdef123456',
    blocks: [
      { type: 'banner', title: 'गृहकर्ज', tagline: { text: 'तुमचे घर', stopAt: 8 } },
      { type: 'cards', items: [{ title: 'अ', link: { to: '/about', label: 'आमच्याबद्दल' } }] },
      {
        type: 'faq',
        items: [
          { question: 'प्र1', answer: 'उ1' },
          { question: 'प्र2', answer: 'उ2' },
        ],
      },
    ],
    messages: { type: 'तुमचे नाव लिहा', pattern: '{min} अंक लिहा' },
  });

test('a faithful translation has its own words, dates, typing stop and fingerprint, and no mismatch', () => {
  expect(structureMismatches(english, marathi())).toEqual([]);
});

test('a lost FAQ question, a changed block type, a moved link and a dropped placeholder are each named where they are', () => {
  const changed = marathi();
  changed.blocks[2]!.items!.pop();
  changed.blocks[0]!.type = 'text';
  (changed.blocks[1]!.items![0] as { link: { to: string } }).link.to = '/career';
  changed.messages.pattern = 'अंक लिहा';
  expect(structureMismatches(english, changed).map(({ pointer, message }) => `${pointer.join('.')}: ${message.split(',')[0]}`)).toEqual([
    'blocks.0.type: must be "banner"',
    'blocks.1.items.0.link.to: must be "/about"',
    'blocks.2.items: has 1 item; the English file has 2',
    'messages.pattern: must keep the words in braces exactly as the English file has them: {min}',
  ]);
});

test('a key the English has is missing, and a key it lacks is extra', () => {
  const { title: _dropped, ...rest } = marathi();
  expect(structureMismatches(english, { ...rest, subtitle: 'नवीन' })).toEqual([
    { pointer: [], missingKey: 'title', message: 'lacks title, which the English file has here' },
    { pointer: ['subtitle'], message: 'is not in the English file; a translation has the same keys as its source' },
  ]);
});
