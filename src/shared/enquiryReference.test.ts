import { expect, test } from 'vitest';
import { newReference, parseReference, REFERENCE_ALPHABET } from './enquiryReference';

test('a reference is VF and two groups of four from an alphabet without I, L, O and U', () => {
  expect(REFERENCE_ALPHABET).toHaveLength(32);
  expect(REFERENCE_ALPHABET).not.toMatch(/[ILOU]/);
  for (let i = 0; i < 200; i++) expect(newReference()).toMatch(/^VF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
});

test('references are drawn evenly: every character turns up in every place', () => {
  const seen = Array.from({ length: 8 }, () => new Set<string>());
  for (let i = 0; i < 2000; i++) [...newReference().replace(/^VF-|-/g, '')].forEach((char, place) => seen[place]!.add(char));
  for (const place of seen) expect(place.size).toBe(32);
  expect(new Set(Array.from({ length: 5000 }, newReference)).size).toBe(5000);
});

test.each([
  ['VF-7K3M-92QD', 'VF-7K3M-92QD'],
  ['vf 7k3m 92qd', 'VF-7K3M-92QD'],
  ['7K3M92QD', 'VF-7K3M-92QD'],
  [' VF7K3M-92QD ', 'VF-7K3M-92QD'],
  ['VF-7K3M-92QO', 'VF-7K3M-92Q0'],
  ['VF-iK3M-l2QD', 'VF-1K3M-12QD'],
])('“%s” is read as %s', (typed, stored) => expect(parseReference(typed)).toBe(stored));

test.each(['', 'VF-7K3M-92Q', 'VF-7K3M-92QDX', 'VF-7K3M-92QU', 'XX-7K3M-92QD', 'VF-7K3M-92Q*', 'V'.repeat(41)])(
  '“%s” is not a reference',
  (typed) => expect(parseReference(typed)).toBeUndefined(),
);
