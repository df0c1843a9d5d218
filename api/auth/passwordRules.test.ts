import { dictionary } from '@zxcvbn-ts/language-common';
import { expect, test } from 'vitest';
import { passwordProblem } from './passwordRules';

test('too short, too long and the most common passwords are refused, each with its own message', () => {
  expect(passwordProblem('abc1234')).toBe('Password must be at least 8 characters.');
  expect(passwordProblem('x'.repeat(129))).toBe('Password must be at most 128 characters.');
  expect(passwordProblem('x'.repeat(128))).toBeUndefined();
  for (const common of ['12345678', 'Password@123', ' QWERTY123 ', 'india@123', 'baseball', 'sunshine1'])
    expect(passwordProblem(common), common).toMatch(/one of the most common/);
  expect(passwordProblem('Waluj MIDC plot 42')).toBeUndefined();
});

test('the breached list reaches its 10,000th entry and stops there', () => {
  const ranked = dictionary.passwords.filter((entry) => entry.length >= 8);
  const inside = dictionary.passwords.slice(0, 10_000).filter((entry) => entry.length >= 8 && entry.length <= 128);
  const outside = dictionary.passwords.slice(10_000).filter((entry) => entry.length >= 8 && !inside.includes(entry));
  expect(passwordProblem(inside.at(-1)!)).toMatch(/one of the most common/);
  expect(passwordProblem(outside[0]!)).toBeUndefined();
  expect(ranked.length).toBeGreaterThan(10_000);
});
