import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { advisorSummary, answersFromQuery, assess, isComplete, MESSAGE_LIMIT, questionsAsked, readAnswer } from './assess';

const WORDS = {
  yes: 'Yes',
  no: 'No',
  yearsUnit: 'years',
  summaryIntro: 'My answers to the eligibility checker at {route}:',
  summaryEligible: 'Result: eligible on these answers.',
  summaryNotEligible: 'Result: not eligible on these answers.',
};

const block: BlockOf<'eligibility'> = {
  type: 'eligibility',
  heading: 'Test checker',
  questions: [
    { id: 'cost', label: 'Project cost', kind: 'number', unit: 'rupees', min: 1000, max: 10_000_000, error: 'Enter the cost' },
    { id: 'age', label: 'Your age', kind: 'number', unit: 'years', min: 10, max: 100, error: 'Enter your age' },
    {
      id: 'area',
      label: 'Where?',
      kind: 'choice',
      error: 'Choose',
      options: [
        { value: 'urban', label: 'Town' },
        { value: 'rural', label: 'Village' },
      ],
    },
    { id: 'trained', label: 'Trained?', kind: 'yes-no', error: 'Say', askIf: 'cost > limit' },
  ],
  constants: { limit: 500_000 },
  rules: [
    { require: 'age >= 18', reason: 'Too young.' },
    { require: "cost <= limit or trained == 'yes'", reason: 'Big projects need training.' },
  ],
  results: [
    { id: 'rate', label: 'Rate', value: "area == 'rural' ? 25 : 15", format: 'percent' },
    { id: 'subsidy', label: 'Subsidy', value: 'round(cost * rate / 100)', format: 'rupees' },
    { id: 'working', label: 'Working', value: 'cost * 2', format: 'rupees', hidden: true },
    { id: 'big', label: 'Big project', value: "'yes'", format: 'text', when: 'cost > limit' },
  ],
  notes: [{ text: 'Always shown.' }, { when: "area == 'rural'", text: 'Rural note.' }],
  documents: ['Aadhaar'],
  source: { title: 'Source', publisher: 'A ministry', url: 'https://example.gov.in', checked: '2026-11-01' },
  disclaimer: 'A guide.',
  advisor: { enquiry: 'General Enquiry' },
};

describe('readAnswer', () => {
  const [cost, , area, trained] = block.questions;
  test.each([
    ['10,00,000', 1_000_000],
    ['₹ 2500', 2500],
    ['999', undefined],
    ['10000001', undefined],
    ['1500.5', undefined],
    ['1e5', undefined],
    ['', undefined],
    ['1'.repeat(21), undefined],
  ])('a number typed as %j reads as %j', (raw, expected) => {
    expect(readAnswer(cost!, raw)).toBe(expected);
  });

  test('a choice or yes/no reads only its own answers', () => {
    expect(readAnswer(area!, 'rural')).toBe('rural');
    expect(readAnswer(area!, 'Rural')).toBeUndefined();
    expect(readAnswer(trained!, 'yes')).toBe('yes');
    expect(readAnswer(trained!, 'true')).toBeUndefined();
  });
});

describe('answers from an address', () => {
  test('keeps valid answers and drops bad ones, and an answer to a question not asked', () => {
    const query = new URLSearchParams('cost=400000&age=abc&area=rural&trained=yes&extra=1');
    expect(answersFromQuery(block, query)).toEqual({ cost: 400_000, area: 'rural' });
  });

  test('a question with askIf is asked only once its condition holds', () => {
    expect(questionsAsked(block, {}).map((question) => question.id)).toEqual(['cost', 'age', 'area']);
    expect(questionsAsked(block, { cost: 600_000 }).map((question) => question.id)).toContain('trained');
    expect(isComplete(block, { cost: 600_000, age: 30, area: 'urban' })).toBe(false);
    expect(isComplete(block, { cost: 400_000, age: 30, area: 'urban' })).toBe(true);
  });
});

describe('assess', () => {
  test('an eligible visitor gets the shown figures, in order, and the notes that apply', () => {
    expect(assess(block, { cost: 600_000, age: 30, area: 'rural', trained: 'yes' })).toEqual({
      eligible: true,
      reasons: [],
      figures: [
        { id: 'rate', label: 'Rate', text: '25%' },
        { id: 'subsidy', label: 'Subsidy', text: '₹1,50,000' },
        { id: 'big', label: 'Big project', text: 'yes' },
      ],
      notes: ['Always shown.', 'Rural note.'],
    });
  });

  test("a text figure is shown in the page's own words where the page gives them (किशोर for Kishor)", () => {
    const inHindi: BlockOf<'eligibility'> = {
      ...block,
      results: [
        {
          id: 'tier',
          label: 'श्रेणी',
          value: "cost <= limit ? 'Kishor' : 'Tarun'",
          format: 'text',
          texts: { Kishor: 'किशोर', Tarun: 'तरुण' },
        },
      ],
    };
    expect(assess(inHindi, { cost: 400_000, age: 30, area: 'rural' }).figures).toEqual([{ id: 'tier', label: 'श्रेणी', text: 'किशोर' }]);
    expect(assess(inHindi, { cost: 600_000, age: 30, area: 'rural', trained: 'yes' }).figures).toEqual([
      { id: 'tier', label: 'श्रेणी', text: 'तरुण' },
    ]);
  });

  test('an ineligible one gets every reason, and no figures', () => {
    expect(assess(block, { cost: 600_000, age: 16, area: 'urban', trained: 'no' })).toEqual({
      eligible: false,
      reasons: ['Too young.', 'Big projects need training.'],
      figures: [],
      notes: [],
    });
  });

  test('the summary for an advisor lists each question asked with its answer, then the result, within the message limit', () => {
    const answers = { cost: 400_000, age: 30, area: 'rural' };
    const summary = advisorSummary(block, answers, assess(block, answers), '/test', WORDS);
    expect(summary.split('\n')).toEqual([
      'My answers to the eligibility checker at /test:',
      'Project cost ₹4,00,000',
      'Your age 30 years',
      'Where? Village',
      'Result: eligible on these answers.',
      'Rate: 25%',
      'Subsidy: ₹1,00,000',
    ]);
    const long = { ...block, questions: block.questions.map((question) => ({ ...question, label: 'x'.repeat(900) })) };
    expect(advisorSummary(long, answers, assess(long, answers), '/test', WORDS).length).toBe(MESSAGE_LIMIT);
  });
});
