import { stringify } from 'yaml';
import { skeletonOf } from '../shared/placeholders.js';
import type { ContentOutlines } from '../shared/pageEditor.js';

/** How many cards and questions the empty scheme page starts with. */
const CARDS = 3;
const QUESTIONS = 5;

/**
 * "An empty scheme page", the first choice under Start from: a banner, an introduction, three
 * cards, five questions and an Apply Now button, each place to write empty. The form shows what
 * goes in each as its placeholder; the check refuses to publish while a required one is empty.
 */
export function blankSchemePage(outlines: ContentOutlines, today: string): string {
  const block = (type: string, counts: Record<string, number> = {}) => {
    const entry = outlines.blocks.find((candidate) => candidate.type === type);
    if (!entry) throw new Error(`The empty scheme page needs the ${type} block`);
    const value = skeletonOf(entry.outline, type) as Record<string, unknown>;
    for (const [key, count] of Object.entries(counts)) {
      const items = value[key] as unknown[];
      while (items.length < count) items.push(structuredClone(items[0]));
    }
    return { type, ...value };
  };
  const page = {
    title: '',
    description: '',
    updated: today,
    blocks: [block('banner'), block('text'), block('cards', { items: CARDS }), block('faq', { items: QUESTIONS }), block('apply-now')],
  };
  return stringify(page, { lineWidth: 0 });
}
