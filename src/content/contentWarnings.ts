import { proseValues, type StyleBreach } from './houseStyle.js';
import type { Page } from './page.generated.js';
import type { Site } from './site.generated.js';
import type { YamlSource } from './yamlSource.js';

export interface Warning {
  pointer: string[];
  message: string;
}

export const REVIEW_MAX_AGE_MONTHS = 12;

/** Whether a YYYY-MM-DD date is more than REVIEW_MAX_AGE_MONTHS before `today`. */
export function olderThanAYear(date: string, today: Date): boolean {
  const limit = new Date(today);
  limit.setUTCMonth(limit.getUTCMonth() - REVIEW_MAX_AGE_MONTHS);
  return new Date(`${date}T00:00:00Z`) < limit;
}

/** The start of the two warnings about a page's sources, which the page editor's list of sources due picks out. */
export const SOURCE_WARNINGS = {
  missing: 'states a figure or a date',
  stale: 'was more than 12 months ago; check this source again',
} as const;

/** Whether a problem the check reports says that a page's sources are due: missing, or checked too long ago. */
export const isSourceDue = (message: string) => Object.values(SOURCE_WARNINGS).some((start) => message.startsWith(start));

/**
 * What an author should look at on a page: facts not checked for a year (or, when nobody
 * has ever checked them, text not touched for a year), sources checked more than a year ago,
 * and typing that stops mid-sentence.
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
  page.sources?.forEach((source, index) => {
    if (olderThanAYear(source.checked, today))
      warnings.push({ pointer: ['sources', String(index), 'checked'], message: `${SOURCE_WARNINGS.stale} and update the date` });
  });
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

/**
 * Each firm detail still marked as a placeholder (it reaches phone links, the map and search
 * engines until replaced), and a fees table that tells visitors lenders pay the firm while no
 * lender is named: /fees and the About page would then say so without saying who.
 */
export function firmDetailWarnings(site: Site): Warning[] {
  const samples = site.sample ?? [];
  const warnings: Warning[] = samples.map((field) => ({
    pointer: [field],
    message: 'is a sample value, not the firm’s own; replace it and take it off the sample list before going live',
  }));
  if (site.fees?.loans.lenderPays && !site.lenders?.length && !samples.includes('lenders'))
    warnings.push({
      pointer: site.lenders ? ['lenders'] : ['fees', 'loans', 'lenderPays'],
      message:
        'names no lender, while fees.loans.lenderPays tells visitors on /fees that lenders pay the firm; list the lenders the firm holds agreements with (the About page shows them), or set lenderPays to false',
    });
  return warnings;
}

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';

/**
 * What a reader would take as a fact that goes out of date: an amount in rupees, lakhs or
 * crores, a percentage, or a date a rule carries (a month and year, a financial year such as
 * 2025-26, an Act's year). A bare year ("we started in 2019") and a duration ("6 to 12 months
 * of bank statements") are the firm's story or a lender's habit, not a rule, and do not count.
 */
const FIGURE = new RegExp(
  [
    '₹\\s?\\d[\\d,.]*(?:\\s(?:lakh|crore))?',
    '\\d+(?:\\.\\d+)?\\s?%',
    '\\b\\d+(?:\\.\\d+)?\\s(?:lakh|crore)\\b',
    `\\b${MONTH}\\s+(?:19|20)\\d{2}\\b`,
    '\\b(?:19|20)\\d{2}-\\d{2}\\b',
    '\\bAct,\\s+(?:19|20)\\d{2}\\b',
  ].join('|'),
);

/**
 * A page that states a figure or a date and lists no sources, at the first figure: a visitor
 * could not see where it comes from, and nobody would be told when it is due to be checked.
 */
export function unsourcedFigure(page: Page, source: YamlSource): StyleBreach[] {
  if (page.sources?.length) return [];
  // What the page says, not when it was last edited.
  for (const value of proseValues(source).filter((text) => !['updated', 'reviewed'].includes(text.pointer[0]!))) {
    const found = FIGURE.exec(value.written);
    if (found)
      return [
        {
          pointer: value.pointer,
          offset: value.start + found.index,
          message: `${SOURCE_WARNINGS.missing} (“${found[0]}”) but the page lists no sources; add sources: where it comes from and the day you checked it there`,
        },
      ];
  }
  return [];
}
