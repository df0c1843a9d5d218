import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import type { ContentPage } from '../../src/content/contentPage';
import { diskFolder } from '../../src/content/contentFolder';
import type { Block } from '../../src/content/page.generated';
import { PUBLIC_ROUTES, BRIEF_PUBLIC_ROUTES } from '../helpers/publicRoutes';

const RETAIL_LOANS = ['/homeloan', '/propertyloan', '/businessloan', '/personalloan', '/vehicleloan'];
const CERTIFICATES = ['/pancard', '/udhamadhar', '/shopact', '/gstregistration', '/mpcb', '/mpcbnew'];
const WITHOUT_FAQ = ['/contactus', '/career'];

const content = checkContent(diskFolder(path.resolve(import.meta.dirname, '../../pages-data')));
const page = (route: string): ContentPage => {
  const found = content.pages.find((candidate) => candidate.route === route);
  if (!found) throw new Error(`No page for ${route}`);
  return found;
};
const blocksOf = <T extends Block['type']>(route: string, type: T) =>
  page(route).data.blocks.filter((block): block is Extract<Block, { type: T }> => block.type === type);
const cardTitles = (route: string, heading?: RegExp) =>
  blocksOf(route, 'cards')
    .filter((block) => !heading || heading.test(block.heading ?? ''))
    .flatMap((block) => block.items.map((item) => item.title));
/** Everything a visitor can read on a page, for finding the figures the brief quotes. */
const textOf = (route: string) => JSON.stringify(page(route).data.blocks).replace(/\\"/g, '"');

test('the content has no errors, and its only warnings are the sample firm details', () => {
  expect(content.problems.every((problem) => problem.severity === 'warning' && problem.file === '_site.yaml')).toBe(true);
  expect(content.problems.every((problem) => problem.message.startsWith('is a sample value'))).toBe(true);
});

test('every public page of the brief and every page added since has a page, and there are no others', () => {
  expect(content.pages.map((candidate) => candidate.route).sort()).toEqual([...PUBLIC_ROUTES].sort());
});

describe('every page', () => {
  test.each(BRIEF_PUBLIC_ROUTES)('%s: banner first, a review date, an FAQ of the right size, and Apply Now', (route) => {
    const { blocks, updated } = page(route).data;
    expect(blocks[0]!.type).toBe('banner');
    expect(updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const faqs = blocks.filter((block) => block.type === 'faq');
    if (WITHOUT_FAQ.includes(route)) {
      expect(faqs).toHaveLength(0);
    } else {
      expect(faqs).toHaveLength(1);
      expect(faqs[0]!.type === 'faq' && faqs[0]!.items.length).toBe(route === '/about' ? 6 : 5);
      expect(blocks.some((block) => block.type === 'apply-now')).toBe(true);
    }
  });
});

describe('typed intros stop where the brief says, on a whole sentence', () => {
  test.each([
    ['/about', 445],
    ['/services', 568],
    ['/trader', 324],
  ])('%s stops at %i', (route, stopAt) => {
    const [intro] = blocksOf(route, 'typed-intro');
    expect(intro!.stopAt).toBe(stopAt);
    expect(intro!.text.length).toBeGreaterThanOrEqual(stopAt);
    expect(intro!.text.slice(0, stopAt)).toMatch(/[.!?]$/);
  });

  test('the home tagline is "Total Solutions for MSME\'s", after one second', () => {
    const [banner] = blocksOf('/', 'banner');
    expect(banner!.tagline).toMatchObject({ text: "Total Solutions for MSME's", startDelayMs: 1000 });
    expect(banner!.motto?.hi).toMatch(/[\u0900-\u097F]/);
  });
});

describe('the elements the brief names', () => {
  test('Home: OUR TEAM with its three cards', () => {
    const [team] = blocksOf('/', 'team');
    expect(team!.heading).toBe('OUR TEAM');
    expect(team!.members.map((member) => member.title)).toEqual([
      'Expertise & Experience',
      'Commitment to Ongoing Support',
      'Tailored Solutions for Every Client',
    ]);
  });

  test('About: the map, the about form, and the six FAQ topics', () => {
    expect(blocksOf('/about', 'map')).toHaveLength(1);
    expect(blocksOf('/about', 'enquiry-form').map((block) => block.form)).toEqual(['about']);
    const questions = blocksOf('/about', 'faq')[0]!.items.map((item) => item.question.toLowerCase());
    [
      /services/,
      /consultant.*grow|grow.*consultant/,
      /funding|finance options/,
      /business loan/,
      /right .*consultant|choose .*consultant|find .*consultant/,
      /mistakes/,
    ].forEach((topic, index) => expect(questions[index]).toMatch(topic));
  });

  test('Manufacturers: the 8 finance types; Traders: the 6', () => {
    const manufacturers = [
      'New Project Finance',
      'Finance for Expansion',
      'Machinery Financing',
      'Working Capital Loan',
      'Bank Guarantee',
      'Invoice Financing',
      'Letter of Credit',
      'Bill Discounting',
    ];
    expect(cardTitles('/services', /types of finance/i)).toEqual(manufacturers);
    expect(cardTitles('/trader', /types of finance/i)).toEqual(
      manufacturers.filter((title) => title !== 'Machinery Financing' && title !== 'Bill Discounting'),
    );
  });

  test.each(['/services', '/trader', '/agroprocessing'])('%s has the Advantages, Nature of facility and Purpose cards', (route) => {
    expect(cardTitles(route)).toEqual(expect.arrayContaining(['Advantages', 'Nature of facility', 'Purpose']));
  });

  test('Food-agro: six project cards, each with a picture', () => {
    const [projects] = blocksOf('/agroprocessing', 'cards').filter((block) => block.items.length === 6);
    expect(projects!.items.map((item) => item.title)).toEqual([
      'Jaggery Powder and Sugar',
      'Rice and Dal Mill',
      'Oil Mill and Solvent Extraction',
      'Dairy Farming',
      'Bakery Unit',
      'Poultry Farming',
    ]);
    expect(projects!.items.every((item) => item.image?.src && item.image.alt)).toBe(true);
  });

  test('Government contractor: numbered blocks for features, purpose, advantages and nature of facility', () => {
    expect(blocksOf('/roadcontractor', 'numbered').map((block) => block.heading)).toEqual([
      'Features',
      'Purpose',
      'Advantages',
      'Nature of facility',
    ]);
    for (const contractor of ['road', 'irrigation', 'electrical', 'mining'])
      expect(textOf('/roadcontractor').toLowerCase()).toContain(contractor);
  });

  test('Healthcare: the six finance cards', () => {
    expect(cardTitles('/hospitals')).toEqual([
      'Acquisition of Premises',
      'Construction of Hospital',
      'Purchase of Medical Equipment',
      'Purchase of Ambulance',
      'Purchase of Furniture and Fixtures',
      'Working Capital',
    ]);
  });

  test('Venture capital: the Document Needed list and the five services', () => {
    expect(blocksOf('/venturecapitalist', 'documents')[0]!.heading).toBe('Document Needed');
    const services = blocksOf('/venturecapitalist', 'list').flatMap((block) => block.items);
    for (const service of [
      'Investor matchmaking',
      'Pitch deck preparation',
      'Due diligence support',
      'Negotiation and deal structuring',
      'Post-investment support',
    ]) {
      expect(services.some((item) => item.startsWith(service))).toBe(true);
    }
  });

  test('Hospitality: the strip of five pictures and the purpose of finance', () => {
    expect(blocksOf('/hotal', 'image-strip')[0]!.images.map((item) => item.caption)).toEqual([
      'Hotel',
      'Resort',
      'Restaurants',
      'Theme Park',
      'Adventure Park',
    ]);
    expect(blocksOf('/hotal', 'list').some((block) => block.heading === 'Purpose of finance')).toBe(true);
  });

  test('Government schemes: CGTMSE, PMEGP, PMFME and MUDRA sections, with the MUDRA tiers', () => {
    const headings = blocksOf('/cgtmse', 'text').map((block) => block.heading ?? '');
    for (const scheme of ['CGTMSE', 'PMEGP', 'PMFME', 'MUDRA']) expect(headings.some((heading) => heading.startsWith(scheme))).toBe(true);
    const tiers = blocksOf('/cgtmse', 'table')[0]!.rows.map((row) => row[0]);
    // Tarun Plus (₹10–20 lakh for those who repaid a Tarun loan) was added in October 2024.
    expect(tiers).toEqual(['Shishu', 'Kishor', 'Tarun', 'Tarun Plus']);
  });

  test('StartUp India: the five benefits', () => {
    const benefits = blocksOf('/pancard', 'list')
      .find((block) => block.heading === 'Benefits')!
      .items.join(' ')
      .toLowerCase();
    for (const benefit of ['ip', 'procurement', 'self-certification', 'fund of funds', 'exit']) expect(benefits).toContain(benefit);
  });

  test.each(CERTIFICATES)('%s describes consultation, document preparation, filing and post-support', (route) => {
    const steps = blocksOf(route, 'numbered').flatMap((block) => block.items.map((item) => item.title));
    expect(steps).toEqual(expect.arrayContaining(['Consultation', 'Document Preparation', 'Filing', 'Post-Support']));
  });

  test('All Types Of License: nine cards, each with an icon or picture', () => {
    const [licences] = blocksOf('/alllicense', 'cards');
    expect(licences!.items.map((item) => item.title)).toEqual([
      'Factory Licence',
      'Trade Licence',
      'Labour Licence',
      'Import Export Code',
      'BIS Certification',
      'Trade Mark Registration',
      'Health Trade Licence',
      'Mining Licence',
      'Air and Water Pollution Control',
    ]);
    expect(licences!.items.every((item) => item.icon || item.image)).toBe(true);
  });

  test.each(RETAIL_LOANS)('%s: usage categories with icons, advantages, the EMI calculator, FAQ and Apply Now', (route) => {
    const types = page(route).data.blocks.map((block) => block.type);
    expect(types).toEqual(['banner', 'cards', 'list', 'emi-calculator', 'faq', 'apply-now']);
    expect(blocksOf(route, 'cards')[0]!.items.every((item) => item.icon || item.image)).toBe(true);
  });

  test('Contact Us: the enquiry form and the office block; Career: the two positions', () => {
    expect(blocksOf('/contactus', 'enquiry-form').map((block) => block.form)).toEqual(['contact']);
    expect(blocksOf('/contactus', 'office')).toHaveLength(1);
    const jobs = blocksOf('/career', 'jobs')[0]!.items;
    // The brief's "Female Telecaller" would be a job for one sex, which the Code on Wages 2019 bars; women are encouraged instead.
    expect(jobs.map((job) => job.title)).toEqual(['Telecaller', 'Business Development Manager']);
    expect(JSON.stringify(jobs[0]).toLowerCase()).toContain('women are encouraged');
    expect(JSON.stringify(jobs[0]).toLowerCase()).toContain('freshers');
    expect(JSON.stringify(jobs[1]).toLowerCase()).toMatch(/graduate[\s\S]*1 year|1 year[\s\S]*graduate/);
    expect(JSON.stringify(jobs[1]).toLowerCase()).toContain('industrial area');
  });
});

describe('pictures and icons', () => {
  test('every picture on the pages the brief illustrates has meaningful alt text', () => {
    const pictures = content.pages.flatMap((candidate) => JSON.stringify(candidate.data).match(/"alt":"[^"]*"/g) ?? []);
    expect(pictures.length).toBeGreaterThanOrEqual(12);
    expect(pictures.every((alt) => alt.length > '"alt":"'.length + 10)).toBe(true);
  });

  test.each(['/services', '/trader', '/hospitals', '/alllicense', ...RETAIL_LOANS])(
    '%s: every card carries an icon or picture',
    (route) => {
      expect(
        blocksOf(route, 'cards')
          .flatMap((block) => block.items)
          .every((item) => item.icon || item.image),
      ).toBe(true);
    },
  );
});
