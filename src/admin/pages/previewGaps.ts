// The lenient drawing of a page still being written: every place the check refuses for being
// empty, too short or a prompt becomes a marked gap, so the person sees the page grow from the
// first keystroke. It is only ever sent to the preview: publishing checks the person's own text.
import { stringify } from 'yaml';
import type { ContentOutlines, SchemaOutline } from '../../shared/pageEditor';
import { promptForm, skeletonOf } from '../../shared/placeholders';

const OPEN = '⟦';
const CLOSE = '⟧';
const GAP = /⟦([^⟦⟧]*)⟧/g;

/** A gap named after its field ("⟦Card title⟧"), as long as the schema asks; never a prompt's words, which the check refuses. */
function gapFor(outline: SchemaOutline, name: string): string {
  const inner = name.slice(0, Math.max(1, (outline.maxLength ?? 200) - 2));
  const short = Math.max(0, (outline.minLength ?? 0) - inner.length - 2);
  return `${OPEN}${inner}${' ·'.repeat(Math.ceil(short / 2))}${CLOSE}`;
}

const unwritten = (text: string, outline: SchemaOutline) =>
  promptForm(text) === '' || promptForm(text).startsWith('write the ') || text.trim().length < (outline.minLength ?? 0);

function fill(value: unknown, outline: SchemaOutline, name: string, outlines: ContentOutlines): unknown {
  if (outline.type === 'string' && !outline.values && !outline.names && outline.format !== 'date' && !outline.pattern)
    return typeof value !== 'string' || unwritten(value, outline) ? gapFor(outline, name) : value;
  if (Array.isArray(value) && outline.items) {
    const items: unknown[] = [...(value as unknown[])];
    while (items.length < (outline.minItems ?? 0)) items.push(skeletonOf(outline.items, name));
    return items.map((item) => fill(item, outline.items!, outline.items!.title ?? name, outlines));
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && outline.properties) {
    const record = { ...(value as Record<string, unknown>) };
    for (const key of outline.required ?? []) record[key] ??= skeletonOf(outline.properties[key] ?? {}, name);
    for (const [key, child] of Object.entries(outline.properties))
      if (key in record) record[key] = fill(record[key], child, child.title ?? key, outlines);
    return record;
  }
  return value;
}

/** The page's data with each place still to write as a gap; undefined when it is not a page's mapping. */
export function withGaps(data: unknown, outlines: ContentOutlines): string | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const { blocks, ...rest } = data as Record<string, unknown>;
  const page = fill(rest, { ...outlines.page, properties: { ...outlines.page.properties }, required: [] }, 'page', outlines) as object;
  const sections = (Array.isArray(blocks) ? blocks : []).map((block: unknown) => {
    const type = (block as { type?: unknown } | null)?.type;
    const entry = outlines.blocks.find((candidate) => candidate.type === type);
    return entry ? fill(block, entry.outline, entry.outline.title ?? String(type), outlines) : block;
  });
  return stringify({ ...page, blocks: sections }, { lineWidth: 0 });
}

/**
 * The drawn document with each gap marked: a `<mark>` (highlighted by the browser itself: the preview's
 * policy allows no inline style) saying the place is still to write, so it cannot be taken for the page's words.
 */
export function markGaps(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.nodeValue?.includes(OPEN) && node instanceof Text) texts.push(node);
  for (const text of texts) {
    const parts = text.nodeValue.split(GAP);
    const pieces = parts.map((part, index) => {
      if (index % 2 === 0) return document.createTextNode(part);
      const mark = document.createElement('mark');
      mark.className = 'preview-gap';
      mark.textContent = `${part.replace(/( ·)+$/, '')}: still to write`;
      return mark;
    });
    text.replaceWith(...pieces);
  }
  return `<!doctype html>${document.documentElement.outerHTML}`;
}
