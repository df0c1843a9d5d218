import { describe, expect, test } from 'vitest';
import { displayPhone, normalisePhone, phoneKey, phoneSearchDigits } from './phone';

describe('one number, however it is written', () => {
  test.each(['+91 98220 12345', '09822012345', '9822012345', '91-98220-12345', '+91-9822012345'])('%s', (spelling) => {
    expect(normalisePhone(spelling)).toBe('+919822012345');
    expect(phoneKey(normalisePhone(spelling))).toBe('9822012345');
    expect(phoneSearchDigits(spelling)).toBe('9822012345');
  });
});

describe('phoneSearchDigits', () => {
  test('takes part of a number as it is, and the country code off a partial one', () => {
    expect(phoneSearchDigits('98220')).toBe('98220');
    expect(phoneSearchDigits('+91 98220')).toBe('98220');
  });

  test('is undefined for text, and for too few digits to mean anything', () => {
    expect(phoneSearchDigits('Patil')).toBeUndefined();
    expect(phoneSearchDigits('asha@example.in')).toBeUndefined();
    expect(phoneSearchDigits('98')).toBeUndefined();
  });
});

test('a stored number reads as people write it, and anything else as it was stored', () => {
  expect(displayPhone('+919822012345')).toBe('+91 98220 12345');
  expect(displayPhone('+91982201234')).toBe('+91982201234');
  expect(displayPhone('')).toBe('');
});
