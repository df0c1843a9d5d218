import type { ContentOutlines, SchemaOutline } from './pageEditor';

/**
 * The prompts of the places to write in a page, section, card or question: "Write the page’s
 * title", "Write the card’s description". They are worked out from the schema's titles at the
 * value's place: the form shows each as the empty field's placeholder (a hint, never text), the
 * YAML view's Insert block writes them, and the check refuses a text that still holds one.
 */

const lower = (text: string) => (text === text.toUpperCase() ? text : text.toLowerCase());
const possessive = (owner: string) => (owner.endsWith('s') ? `${owner} section’s` : `${owner}’s`);

/** "Write the card’s title" for a field titled Title of an item titled Card. */
export function placeholderFor(owner: string, field: string): string {
  const [who, what] = [lower(owner), lower(field)];
  // "Page title" of the page is "the page’s title", not "the page’s page title".
  const trimmed = what.startsWith(`${who} `) ? what.slice(who.length + 1) : what;
  // A question's question is "the question".
  return trimmed === who ? `Write the ${who}` : `Write the ${possessive(who)} ${trimmed}`;
}

/** A block's name as the form view shows it: "Cards block" → "Cards". */
export const blockName = (outline: SchemaOutline | undefined, type: string) =>
  outline?.title?.replace(/ block$/i, '') ?? type.charAt(0).toUpperCase() + type.slice(1);

/** The outline and owner's name at each step of a page's pointer; undefined where the schema has no such place. */
function placeOf(
  outlines: ContentOutlines,
  page: unknown,
  pointer: readonly string[],
): { owner: string; field: SchemaOutline } | undefined {
  let here: SchemaOutline | undefined = outlines.page;
  let owner = 'page';
  let value = page;
  for (let index = 0; index < pointer.length; index++) {
    const step = pointer[index]!;
    value = (value as Record<string, unknown> | undefined)?.[step];
    if (/^\d+$/.test(step)) {
      if (index === 1 && pointer[0] === 'blocks') {
        const type = (value as { type?: unknown } | undefined)?.type;
        const block = outlines.blocks.find((entry) => entry.type === type);
        here = block?.outline;
        owner = blockName(here, String(type));
      } else {
        here = here?.items;
        if (index === pointer.length - 1) return here ? { owner, field: here } : undefined;
        if (here?.type === 'object') owner = here.title ?? owner;
      }
    } else {
      const field: SchemaOutline | undefined = here?.properties?.[step];
      if (!field) return undefined;
      if (index === pointer.length - 1) return { owner, field };
      if (field.type === 'object') owner = field.title ?? owner;
      here = field;
    }
  }
  return undefined;
}

/** The placeholder a text of a page at `pointer` would have, if it is a place to write. */
export function placeholderAt(outlines: ContentOutlines, page: unknown, pointer: readonly string[]): string | undefined {
  const place = placeOf(outlines, page, pointer);
  if (!place || place.field.type !== 'string' || place.field.values || place.field.names) return undefined;
  return placeholderFor(place.owner, place.field.title ?? pointer.at(-1)!);
}

/**
 * A new value for a place of the schema: lists with their fewest items, the only allowed value,
 * and each required text empty, or its prompt with `prompts` (the YAML view, where no field can hint).
 */
export function skeletonOf(outline: SchemaOutline, owner: string, field?: string, prompts = false): unknown {
  if (outline.values?.length) return outline.values[0];
  if (outline.type === 'object' || outline.properties) {
    const name = field && outline.type === 'object' && outline.title && field !== owner ? outline.title : owner;
    return Object.fromEntries(
      (outline.required ?? []).map((key) => {
        const child = outline.properties?.[key] ?? {};
        return [key, skeletonOf(child, child.type === 'object' ? (child.title ?? name) : name, child.title ?? key, prompts)];
      }),
    );
  }
  if (outline.type === 'array' || outline.items) {
    const item = outline.items ?? {};
    return Array.from({ length: Math.max(outline.minItems ?? 1, 1) }, () =>
      skeletonOf(item, item.type === 'object' || item.properties ? (item.title ?? owner) : owner, item.title ?? field, prompts),
    );
  }
  if (outline.type === 'integer' || outline.type === 'number') return outline.minimum ?? 0;
  if (outline.type === 'boolean') return false;
  return prompts ? placeholderFor(owner, field ?? 'text') : '';
}

/** A text as the check compares it with a prompt: lower case, one space between words, one kind of apostrophe. */
export const promptForm = (text: string) => text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
