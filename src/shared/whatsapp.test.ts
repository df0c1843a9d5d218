import { expect, test } from 'vitest';
import { isStop, movesForward, personPhoneOf, templateBody } from './whatsapp';

test('a template’s body numbers its placeholders in the order they first come', () => {
  expect(templateBody('Namaste {name}, {firm} here about {reference}. {name}, reply here.')).toEqual({
    body: 'Namaste {{1}}, {{2}} here about {{3}}. {{1}}, reply here.',
    order: ['name', 'firm', 'reference'],
  });
});

test('STOP in any of the three languages, alone, withdraws updates; a sentence that mentions it does not', () => {
  for (const text of ['STOP', ' stop ', 'Stop.', 'थांबवा', 'बंद!', '“बंद”']) expect([text, isStop(text)]).toEqual([text, true]);
  for (const text of ['Please do not stop', 'बंद करा ना लोन?', '', undefined]) expect([text, isStop(text)]).toEqual([text, false]);
});

test('statuses move forward only', () => {
  expect(movesForward('sent', 'delivered')).toBe(true);
  expect(movesForward('read', 'delivered')).toBe(false);
  expect(movesForward('sent', 'failed')).toBe(true);
  expect(movesForward('delivered', 'failed')).toBe(false);
  expect(movesForward('failed', 'read')).toBe(true);
});

test('only an Indian mobile joins a person’s enquiries', () => {
  expect(personPhoneOf('+919822012345')).toBe('9822012345');
  expect(personPhoneOf('+19822012345')).toBeUndefined();
  expect(personPhoneOf(undefined)).toBeUndefined();
});
