import { stringify } from 'yaml';
import { blockName, placeholderFor, skeletonOf } from '../shared/placeholders.js';
import type { ContentOutlines } from '../shared/pageEditor.js';

/** How many cards and questions the empty scheme page starts with. */
const CARDS = 3;
const QUESTIONS = 5;

/**
 * "An empty scheme page", the first choice under Start from: a banner, an introduction, three
 * cards, five questions and an Apply Now button, each place to write saying what goes there.
 * The check refuses to publish it while any of those words is left unchanged.
 */
export function blankSchemePage(outlines: ContentOutlines, today: string): string {
  const block = (type: string, optional: string[] = [], counts: Record<string, number> = {}) => {
    const entry = outlines.blocks.find((candidate) => candidate.type === type);
    if (!entry) throw new Error(`The empty scheme page needs the ${type} block`);
    const name = blockName(entry.outline, type);
    const written = Object.fromEntries(optional.map((key) => [key, placeholderFor(name, entry.outline.properties?.[key]?.title ?? key)]));
    // A heading goes above what it heads; anything else after the required keys (a banner's lead under its title).
    const { heading, ...rest } = written;
    const value: Record<string, unknown> = { ...(heading && { heading }), ...(skeletonOf(entry.outline, name) as object), ...rest };
    for (const [key, count] of Object.entries(counts)) {
      const items = value[key] as unknown[];
      while (items.length < count) items.push(structuredClone(items[0]));
    }
    return { type, ...value };
  };
  const page = {
    title: placeholderFor('page', outlines.page.properties!.title!.title!),
    description: placeholderFor('page', outlines.page.properties!.description!.title!),
    updated: today,
    blocks: [
      block('banner', ['lead']),
      block('text', ['heading']),
      block('cards', ['heading'], { items: CARDS }),
      block('faq', ['heading'], { items: QUESTIONS }),
      block('apply-now'),
    ],
  };
  return `# An empty scheme page: replace each "Write the …" with the page's own words.\n${stringify(page, { lineWidth: 0 })}`;
}
