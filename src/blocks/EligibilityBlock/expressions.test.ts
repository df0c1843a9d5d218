import { describe, expect, test } from 'vitest';
import { comparisons, evaluate, ExpressionError, expressionProblems, parseExpression } from './expressions';

describe('evaluate', () => {
  test.each([
    ['age >= 18 and age <= 45', { age: 45 }, true],
    ['age >= 18 and age <= 45', { age: 46 }, false],
    ["sector == 'service' or cost <= 500000", { sector: 'manufacturing', cost: 500001 }, false],
    ["not (sector == 'service')", { sector: 'manufacturing' }, true],
    ["category == 'special' ? (area == 'rural' ? 35 : 25) : 15", { category: 'special', area: 'rural' }, 35],
    ['round(min(cost, 5000000) * 25 / 100)', { cost: 6000001 }, 1250000],
    ['max(cost - 100, 0)', { cost: 50 }, 0],
    ['-cost + 10', { cost: 4 }, 6],
  ])('%s with %j is %j', (text, scope, expected) => {
    expect(evaluate(text, scope)).toBe(expected);
  });

  test('or stops at the first true part, so a question not asked is never read', () => {
    expect(evaluate("education != 'below-8th' or passed7th == 'yes'", { education: '10th' })).toBe(true);
    expect(() => evaluate("education == 'below-8th' and passed7th == 'yes'", { education: 'below-8th' })).toThrow(
      'has no value for passed7th',
    );
  });

  test('arithmetic on text is refused rather than turned into nonsense', () => {
    expect(() => evaluate('sector * 2', { sector: 'service' })).toThrow('expected a number');
  });
});

describe('the checks the content check runs', () => {
  const known = new Set(['age', 'cost', 'sector']);

  test('a name that is not known is reported by name', () => {
    const [problem] = expressionProblems('age >= 18 and incme < 5', known);
    expect(problem).toMatchObject({
      message: 'names incme, which is not a question, a constant or a figure above it',
      unknownName: 'incme',
    });
  });

  test.each([
    ['sector.length > 2', 'holds a member, which the checker does not work out'],
    ['[1, 2]', 'holds a array, which the checker does not work out'],
    ['cost % 2', 'uses %, which the checker does not work out'],
    ['eval(cost)', 'calls eval, but only min, max and round can be used'],
  ])('%s: %s', (text, message) => {
    expect(expressionProblems(text, known).map((problem) => problem.message)).toContain(message);
  });

  test('a sum that does not read says where it stops', () => {
    expect(() => parseExpression('age >= ')).toThrow(ExpressionError);
    try {
      parseExpression('age >= ');
    } catch (error) {
      expect((error as ExpressionError).index).toBe(7);
    }
  });

  test('finds each comparison of a name with a text in quotes, either way round', () => {
    expect(comparisons("sector == 'service' or 'rural' != area")).toEqual([
      { name: 'sector', value: 'service' },
      { name: 'area', value: 'rural' },
    ]);
  });
});
