import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { answersFromQuery, assess, isComplete, type Answers } from '../../src/blocks/EligibilityBlock/assess';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import type { BlockOf } from '../../src/content/blockTypes';

/**
 * The three scheme checkers as published in pages-data, held to the scheme rules at every
 * edge: the figures here come from the official sources, not from the YAML.
 */
const content = checkContent(diskFolder(path.resolve(import.meta.dirname, '../../pages-data')));
const checker = (route: string): BlockOf<'eligibility'> => {
  const block = content.pages.find((page) => page.route === route)?.data.blocks.find((candidate) => candidate.type === 'eligibility');
  if (!block || block.type !== 'eligibility') throw new Error(`No eligibility checker on ${route}`);
  return block;
};
const figures = (block: BlockOf<'eligibility'>, answers: Answers) => {
  const outcome = assess(block, answers);
  return Object.fromEntries(outcome.figures.map((figure) => [figure.id, figure.text]));
};

describe('PMEGP', () => {
  const pmegp = checker('/pmegp');
  const base: Answers = {
    sector: 'manufacturing',
    area: 'urban',
    category: 'general',
    cost: 800_000,
    age: 30,
    education: '10th',
    newUnit: 'yes',
  };
  const check = (change: Answers) => assess(pmegp, { ...base, ...change });

  test('asks all seven questions under the keys the address uses', () => {
    expect(pmegp.questions.map((question) => question.id)).toEqual(['sector', 'area', 'category', 'cost', 'age', 'education', 'newUnit']);
    expect(isComplete(pmegp, base)).toBe(true);
  });

  test.each([
    [17, false],
    [18, true],
    [75, true],
  ])('age %i: eligible %s (above 18, no upper limit)', (age, eligible) => {
    expect(check({ age }).eligible).toBe(eligible);
  });

  test('new units only', () => {
    expect(check({ newUnit: 'no' })).toMatchObject({ eligible: false, reasons: [expect.stringContaining('new units only')] });
  });

  test.each([
    ['manufacturing', 1_000_000, true],
    ['manufacturing', 1_000_001, false],
    ['service', 500_000, true],
    ['service', 500_001, false],
  ] as const)('below 8th standard, %s costing ₹%i: eligible %s (8th pass needed above ₹10 lakh / ₹5 lakh)', (sector, cost, eligible) => {
    expect(check({ sector, cost, education: 'below-8th' }).eligible).toBe(eligible);
    expect(check({ sector, cost, education: '8th' }).eligible).toBe(true);
  });

  test.each([
    ['general', 'urban', '15%', '₹1,50,000', '₹1,00,000', '₹9,00,000'],
    ['general', 'rural', '25%', '₹2,50,000', '₹1,00,000', '₹9,00,000'],
    ['special', 'urban', '25%', '₹2,50,000', '₹50,000', '₹9,50,000'],
    ['special', 'rural', '35%', '₹3,50,000', '₹50,000', '₹9,50,000'],
  ] as const)('%s category, %s, ₹10 lakh: rate %s, subsidy %s, own share %s, bank loan %s', (category, area, rate, subsidy, own, loan) => {
    expect(figures(pmegp, { ...base, cost: 1_000_000, category, area })).toEqual({
      admissibleCost: '₹10,00,000',
      subsidyRate: rate,
      subsidy,
      ownShare: own,
      bankLoan: loan,
    });
  });

  test.each([
    ['manufacturing', 5_000_000, '₹50,00,000', '₹7,50,000'],
    ['manufacturing', 6_000_000, '₹50,00,000', '₹7,50,000'],
    ['service', 2_000_000, '₹20,00,000', '₹3,00,000'],
    ['service', 2_500_000, '₹20,00,000', '₹3,00,000'],
  ] as const)('%s costing ₹%i: subsidy counted on %s only (%s at 15%)', (sector, cost, counted, subsidy) => {
    const outcome = check({ sector, cost });
    expect(figures(pmegp, { ...base, sector, cost })).toMatchObject({ admissibleCost: counted, subsidy });
    expect(outcome.notes.some((note) => note.includes('more than the PMEGP limit'))).toBe(
      cost > (sector === 'manufacturing' ? 5_000_000 : 2_000_000),
    );
  });

  test('an ineligible visitor sees every reason and no figures', () => {
    const outcome = check({ age: 16, newUnit: 'no', education: 'below-8th', cost: 2_000_000 });
    expect(outcome.reasons).toHaveLength(3);
    expect(outcome.figures).toEqual([]);
  });
});

describe('CMEGP', () => {
  const cmegp = checker('/cmegp');
  const base: Answers = {
    domicile: 'yes',
    sector: 'manufacturing',
    area: 'urban',
    category: 'general',
    woman: 'no',
    exServiceman: 'no',
    disabled: 'no',
    cost: 800_000,
    age: 30,
    education: '10th',
    newUnit: 'yes',
  };
  const check = (change: Answers) => assess(cmegp, { ...base, ...change });
  const categories = ['general', 'sc-st', 'obc-vjnt', 'minority'] as const;

  test('asks the groups apart, under the keys the address uses', () => {
    expect(cmegp.questions.map((question) => question.id)).toEqual([
      'domicile',
      'sector',
      'area',
      'category',
      'woman',
      'exServiceman',
      'disabled',
      'cost',
      'age',
      'education',
      'passed7th',
      'newUnit',
    ]);
    expect(cmegp.questions.find((question) => question.id === 'category')?.options?.map((option) => option.value)).toEqual(categories);
    expect(isComplete(cmegp, base)).toBe(true);
  });

  test('an old link with category=special is an unknown value: ignored, and the category is asked again', () => {
    const query = new URLSearchParams(
      'domicile=yes&sector=manufacturing&area=urban&category=special&cost=800000&age=48&education=10th&newUnit=yes',
    );
    const answers = answersFromQuery(cmegp, query);
    expect(answers).not.toHaveProperty('category');
    expect(answers).toMatchObject({ domicile: 'yes', cost: 800_000, age: 48 });
    expect(isComplete(cmegp, answers)).toBe(false);
  });

  test.each([
    [17, false],
    [18, true],
    [45, true],
    [46, false],
  ] as const)('a general-category man of %i: eligible %s (18 to 45)', (age, eligible) => {
    expect(check({ age }).eligible).toBe(eligible);
  });

  test.each(categories)('%s: a woman, an ex-serviceman or a person with a disability of 47 is eligible by age; of 51, not', (category) => {
    for (const group of ['woman', 'exServiceman', 'disabled'] as const) {
      expect(check({ category, [group]: 'yes', age: 47 }).eligible).toBe(true);
      expect(check({ category, [group]: 'yes', age: 50 }).eligible).toBe(true);
      expect(check({ category, [group]: 'yes', age: 51 }).reasons).toEqual([expect.stringContaining('upper age limit')]);
    }
  });

  test.each([
    ['sc-st', 47, true],
    ['sc-st', 50, true],
    ['sc-st', 51, false],
    ['obc-vjnt', 45, true],
    ['obc-vjnt', 46, false],
    ['minority', 46, false],
  ] as const)(
    'a %s man of %i: eligible %s (the 5 extra years are for SC and ST, not OBC, VJNT or minority as such)',
    (category, age, eligible) => {
      expect(check({ category, age }).eligible).toBe(eligible);
    },
  );

  test('Maharashtra domicile and new units only', () => {
    expect(check({ domicile: 'no' }).reasons).toEqual([expect.stringContaining('residents of Maharashtra')]);
    expect(check({ newUnit: 'no' }).reasons).toEqual([expect.stringContaining('new units only')]);
  });

  test.each([
    ['manufacturing', 5_000_000, true],
    ['manufacturing', 5_000_001, false],
    ['service', 2_000_000, true],
    ['service', 2_000_001, false],
  ] as const)('%s costing ₹%i: eligible %s (₹50 lakh / ₹20 lakh ceilings, no balance without subsidy)', (sector, cost, eligible) => {
    expect(check({ sector, cost, education: '12th-or-more' }).eligible).toBe(eligible);
  });

  test('education: none up to ₹10 lakh, 7th standard above it, 10th standard above ₹25 lakh', () => {
    expect(check({ cost: 1_000_000, education: 'below-8th' }).eligible).toBe(true);
    expect(isComplete(cmegp, { ...base, cost: 1_000_000, education: 'below-8th' })).toBe(true);
    // Above ₹10 lakh a visitor below 8th standard is asked about 7th standard.
    expect(isComplete(cmegp, { ...base, cost: 1_000_001, education: 'below-8th' })).toBe(false);
    expect(check({ cost: 1_000_001, education: 'below-8th', passed7th: 'no' }).eligible).toBe(false);
    expect(check({ cost: 1_000_001, education: 'below-8th', passed7th: 'yes' }).eligible).toBe(true);
    expect(check({ cost: 2_500_000, education: '8th' }).eligible).toBe(true);
    expect(check({ cost: 2_500_001, education: '8th' }).reasons).toEqual([expect.stringContaining('10th standard')]);
    expect(check({ cost: 2_500_001, education: '10th' }).eligible).toBe(true);
  });

  const general = { urban: ['15%', '₹1,50,000', '₹1,00,000', '₹7,50,000'], rural: ['25%', '₹2,50,000', '₹1,00,000', '₹6,50,000'] };
  const special = { urban: ['25%', '₹2,50,000', '₹50,000', '₹7,00,000'], rural: ['35%', '₹3,50,000', '₹50,000', '₹6,00,000'] };
  const one = ([subsidyRate, subsidy, ownShare, bankLoan]: string[]) => ({ subsidyRate, subsidy, ownShare, bankLoan });

  test.each([
    ['a general-category man', {}, general],
    ['an SC or ST applicant', { category: 'sc-st' }, special],
    ['a general-category woman', { woman: 'yes' }, special],
    ['a general-category ex-serviceman', { exServiceman: 'yes' }, special],
    ['a general-category person with a disability', { disabled: 'yes' }, special],
    ['an OBC or VJNT woman', { category: 'obc-vjnt', woman: 'yes' }, special],
    ['a minority ex-serviceman', { category: 'minority', exServiceman: 'yes' }, special],
  ] as const)('%s, ₹10 lakh: the rate the 2019 resolution gives, one set of figures', (_who, change, rates) => {
    for (const area of ['urban', 'rural'] as const) {
      const outcome = check({ ...change, cost: 1_000_000, area });
      expect(figures(cmegp, { ...base, ...change, cost: 1_000_000, area })).toEqual(one(rates[area]));
      expect(outcome.notes.some((note) => note.includes('two sets of figures'))).toBe(false);
    }
  });

  test.each(['obc-vjnt', 'minority'] as const)(
    'a %s man, ₹10 lakh: both the general and the special figures, with the hedge',
    (category) => {
      for (const area of ['urban', 'rural'] as const) {
        const outcome = check({ category, cost: 1_000_000, area });
        const [generalRate, generalSubsidy, generalOwnShare, generalBankLoan] = general[area];
        const [specialRate, specialSubsidy, specialOwnShare, specialBankLoan] = special[area];
        expect(figures(cmegp, { ...base, category, cost: 1_000_000, area })).toEqual({
          generalRate,
          generalSubsidy,
          generalOwnShare,
          generalBankLoan,
          specialRate,
          specialSubsidy,
          specialOwnShare,
          specialBankLoan,
        });
        expect(outcome.notes).toContainEqual(expect.stringContaining('District Industries Centre which rate applies'));
      }
    },
  );

  test('the note at the upper age limit follows the limit that applies', () => {
    const atLimit = (change: Answers) => check(change).notes.some((note) => note.includes('at the upper age limit'));
    expect(atLimit({ age: 45 })).toBe(true);
    expect(atLimit({ age: 45, woman: 'yes' })).toBe(false);
    expect(atLimit({ age: 50, woman: 'yes' })).toBe(true);
    expect(atLimit({ age: 45, category: 'minority' })).toBe(true);
  });
});

describe('MUDRA', () => {
  const mudra = checker('/mudra');
  const check = (amount: number, tarunRepaid = 'no') => assess(mudra, { amount, tarunRepaid });

  test.each([
    [50_000, 'Shishu', '₹50,000'],
    [50_001, 'Kishor', '₹5,00,000'],
    [500_000, 'Kishor', '₹5,00,000'],
    [500_001, 'Tarun', '₹10,00,000'],
    [1_000_000, 'Tarun', '₹10,00,000'],
  ] as const)('₹%i is %s, which lends up to %s', (amount, category, limit) => {
    expect(figures(mudra, { amount, tarunRepaid: 'no' })).toEqual({ category, limit });
  });

  test('above ₹10 lakh is Tarun Plus, only after a Tarun loan repaid; above ₹20 lakh is not MUDRA', () => {
    expect(check(1_000_001, 'no').reasons).toEqual([expect.stringContaining('only for borrowers who have taken a Tarun loan')]);
    expect(figures(mudra, { amount: 1_000_001, tarunRepaid: 'yes' })).toEqual({ category: 'Tarun Plus', limit: '₹20,00,000' });
    expect(figures(mudra, { amount: 2_000_000, tarunRepaid: 'yes' })).toEqual({ category: 'Tarun Plus', limit: '₹20,00,000' });
    expect(check(2_000_001, 'yes').reasons).toEqual([expect.stringContaining('up to ₹20 lakh')]);
  });

  test('a shared link with answers is read whole: ₹6 lakh, no Tarun loan before, is Tarun; a word for the amount is no amount', () => {
    const answers = answersFromQuery(mudra, new URLSearchParams('amount=600000&tarunRepaid=no'));
    expect(isComplete(mudra, answers)).toBe(true);
    expect(figures(mudra, answers)).toEqual({ category: 'Tarun', limit: '₹10,00,000' });
    expect(isComplete(mudra, answersFromQuery(mudra, new URLSearchParams('amount=lots&tarunRepaid=no')))).toBe(false);
  });
});
