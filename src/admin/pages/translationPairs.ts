import { parse } from 'yaml';
import { NOT_PROSE } from '../../content/notProse';

/** Keys of a translation that are bookkeeping, not words a visitor reads. */
const BOOKKEEPING = new Set(['source', 'updated', 'reviewed']);

/** One text of the English file beside the translation's text at the same place. */
export interface TextPair {
  /** Where it is, as the content check names places: blocks[2].items[0].question. */
  place: string;
  english: string;
  /** The English text when the translation was made, where it has changed since. */
  before?: string;
  /** The translation's text there; undefined when the translation has nothing at that place. */
  translation?: string;
}

const read = (text: string | null): unknown => {
  try {
    return text === null ? undefined : parse(text);
  } catch {
    return undefined;
  }
};

const placeOf = (pointer: (string | number)[]) =>
  pointer.reduce<string>((place, part) => (typeof part === 'number' ? `${place}[${part}]` : place ? `${place}.${part}` : part), '');

function at(value: unknown, pointer: (string | number)[]): unknown {
  return pointer.reduce<unknown>(
    (node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    value,
  );
}

/**
 * Every text a reader reads in the English file, in order, with the translation's text at the
 * same place, and the English as it was when the translation was made where it differs.
 */
export function translationPairs(englishNow: string, englishThen: string | null, translation: string): TextPair[] {
  const now = read(englishNow);
  const then = read(englishThen);
  const translated = read(translation);
  const pairs: TextPair[] = [];
  const walk = (node: unknown, pointer: (string | number)[]) => {
    if (typeof node === 'string') {
      const key = pointer.at(-1);
      if (typeof key === 'string' && (NOT_PROSE.has(key) || BOOKKEEPING.has(key))) return;
      const before = then === undefined ? undefined : at(then, pointer);
      const other = at(translated, pointer);
      pairs.push({
        place: placeOf(pointer),
        english: node,
        ...(then !== undefined && before !== node && { before: typeof before === 'string' ? before : '' }),
        ...(typeof other === 'string' && { translation: other }),
      });
    } else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...pointer, index]));
    else if (node !== null && typeof node === 'object') for (const [key, value] of Object.entries(node)) walk(value, [...pointer, key]);
  };
  walk(now, []);
  return pairs;
}
