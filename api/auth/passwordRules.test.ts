import { expect, test } from 'vitest';
import { passwordProblem } from './passwordRules';

test('too short, too long and the most common passwords are refused, each with its own message', () => {
  expect(passwordProblem('abc12')).toBe('Password must be at least 6 characters.');
  expect(passwordProblem('x'.repeat(201))).toBe('Password must be at most 200 characters.');
  for (const common of ['123456', 'Password@123', ' QWERTY123 ', 'india@123'])
    expect(passwordProblem(common), common).toMatch(/one of the most common/);
  expect(passwordProblem('Waluj MIDC plot 42')).toBeUndefined();
});
