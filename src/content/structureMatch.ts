/** Values a translation must keep exactly as the English file has them: what a value does, not what it says. */
const KEPT_KEYS = new Set([
  'type',
  'to',
  'href',
  'icon',
  'src',
  'id',
  'value',
  'when',
  'askIf',
  'require',
  'kind',
  'unit',
  'format',
  'url',
  // A source's dates follow the English: the translation cites the same document, checked on the same day.
  'published',
  'checked',
  'form',
  'version',
]);
/** Numbers a translation adjusts to its own words. */
const OWN_NUMBERS = new Set(['stopAt']);
/** Dates a translation has of its own. */
const OWN_VALUES = new Set(['updated', 'date', 'source']);

export interface Mismatch {
  pointer: string[];
  message: string;
  /** Set when the mismatch is a key the English file has and the translation lacks: it is reported at the object holding it. */
  missingKey?: string;
}

const PLACEHOLDER = /\{[a-zA-Z]+\}/g;

function placeholders(text: string): string {
  return [...(text.match(PLACEHOLDER) ?? [])].sort().join(' ');
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}

/**
 * Where a translation's shape differs from its English source: the same blocks in the same
 * order, the same number of items in every list, the same keys, the same links, icons,
 * pictures, ids and figures, and the same {placeholders} in every text. Only the words may differ.
 */
export function structureMismatches(english: unknown, translation: unknown, pointer: string[] = []): Mismatch[] {
  const key = pointer.at(-1) ?? '';
  if (Array.isArray(english)) {
    if (!Array.isArray(translation)) return [{ pointer, message: 'must be a list, as in the English file' }];
    const found =
      english.length !== translation.length
        ? [
            {
              pointer,
              message: `has ${translation.length} item${translation.length === 1 ? '' : 's'}; the English file has ${english.length}, and a translation must keep every one in the same order`,
            },
          ]
        : [];
    const pairs = Math.min(english.length, translation.length);
    for (let index = 0; index < pairs; index++)
      found.push(...structureMismatches(english[index], translation[index], [...pointer, String(index)]));
    return found;
  }
  if (english && typeof english === 'object') {
    if (!translation || typeof translation !== 'object' || Array.isArray(translation))
      return [{ pointer, message: 'must be a section of keys, as in the English file' }];
    const ours = english as Record<string, unknown>;
    const theirs = translation as Record<string, unknown>;
    const found: Mismatch[] = [];
    for (const name of Object.keys(ours)) {
      if (OWN_VALUES.has(name) || name === 'reviewed') continue;
      if (!(name in theirs)) found.push({ pointer, missingKey: name, message: `lacks ${name}, which the English file has here` });
    }
    for (const name of Object.keys(theirs)) {
      if (OWN_VALUES.has(name)) continue;
      if (!(name in ours))
        found.push({ pointer: [...pointer, name], message: `is not in the English file; a translation has the same keys as its source` });
      else found.push(...structureMismatches(ours[name], theirs[name], [...pointer, name]));
    }
    return found;
  }
  if (OWN_VALUES.has(key) || OWN_NUMBERS.has(key)) return [];
  // Under a field's messages the keys name validation rules ("type", "format"), and every value is words.
  const kept = KEPT_KEYS.has(key) && pointer.at(-2) !== 'messages';
  if (typeof english === 'string' && typeof translation === 'string' && !kept) {
    return placeholders(english) === placeholders(translation)
      ? []
      : [{ pointer, message: `must keep the words in braces exactly as the English file has them: ${placeholders(english) || 'none'}` }];
  }
  return english === translation
    ? []
    : [
        {
          pointer,
          message: `must be ${describe(english)}, as in the English file: a translation changes words, not ${key === 'type' ? 'blocks' : 'links, figures or settings'}`,
        },
      ];
}
