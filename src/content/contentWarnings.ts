import type { Page } from './page.generated.js';
import type { Site } from './site.generated.js';

export interface Warning {
  pointer: string[];
  message: string;
}

export const REVIEW_MAX_AGE_MONTHS = 12;

function olderThanAYear(date: string, today: Date): boolean {
  const limit = new Date(today);
  limit.setUTCMonth(limit.getUTCMonth() - REVIEW_MAX_AGE_MONTHS);
  return new Date(`${date}T00:00:00Z`) < limit;
}

/**
 * What an author should look at on a page: facts not checked for a year (or, when nobody
 * has ever checked them, text not touched for a year), and typing that stops mid-sentence.
 */
export function pageWarnings(page: Page, today: Date): Warning[] {
  const warnings: Warning[] = [];
  if (page.reviewed && olderThanAYear(page.reviewed, today)) {
    warnings.push({
      pointer: ['reviewed'],
      message: `was more than ${REVIEW_MAX_AGE_MONTHS} months ago; check the figures on this page and update the date`,
    });
  } else if (!page.reviewed && olderThanAYear(page.updated, today)) {
    warnings.push({
      pointer: ['updated'],
      message: `was more than ${REVIEW_MAX_AGE_MONTHS} months ago and nobody at the firm has checked the page since; check its figures and set reviewed`,
    });
  }
  page.blocks.forEach((block, index) => {
    const typing =
      block.type === 'typed-intro'
        ? { at: [] as string[], value: block }
        : block.type === 'banner' && block.tagline
          ? { at: ['tagline'], value: block.tagline }
          : undefined;
    if (!typing) return;
    const shown = typing.value.text.slice(0, typing.value.stopAt);
    if (typing.value.stopAt < typing.value.text.length && !/[.!?]["')\u2019\u201d]?$/.test(shown)) {
      warnings.push({
        pointer: ['blocks', String(index), ...typing.at, 'stopAt'],
        message: `stops in the middle of a sentence, after "…${shown.slice(-20)}"; end it on a full stop`,
      });
    }
  });
  return warnings;
}

/** Each firm detail still marked as a placeholder: it reaches phone links, the map and search engines until replaced. */
export function sampleWarnings(site: Site): Warning[] {
  return (site.sample ?? []).map((field) => ({
    pointer: [field],
    message: 'is a sample value, not the firm’s own; replace it and take it off the sample list before going live',
  }));
}
