import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { BannerBlock } from './BannerBlock';
import { stubMatchMedia } from '../../../tests/helpers/browserStubs';

const picture = { src: '/assets/hero-1a2b3c.svg', width: 640, height: 480 };
const assets = { assets: { 'images/hero.svg': picture } };

const banner: BlockOf<'banner'> = {
  type: 'banner',
  title: 'Home Loans',
  lead: 'Buy, build or extend your home with a loan that fits your income.',
  image: { src: 'images/hero.svg', alt: 'A family in front of their new house' },
};

beforeEach(() => stubMatchMedia(false));
afterEach(() => vi.unstubAllGlobals());

describe('BannerBlock', () => {
  test("shows the page's main heading as the only h1, with the lead under it", () => {
    renderBlock(<BannerBlock block={banner} />, { assets });
    const headings = screen.getAllByRole('heading');
    expect(headings).toHaveLength(1);
    expect(headings[0]!.tagName).toBe('H1');
    expect(screen.getByRole('heading', { level: 1, name: banner.title })).toBeVisible();
    expect(screen.getByText(banner.lead!)).toBeVisible();
  });

  test('the heading can take focus from a script (after navigation) but is not a tab stop', () => {
    renderBlock(<BannerBlock block={banner} />, { assets });
    const heading = screen.getByRole('heading', { level: 1, name: banner.title });
    expect(heading.tabIndex).toBe(-1);
    heading.focus();
    expect(document.activeElement).toBe(heading);
  });

  test('shows the picture with its description and intrinsic size, loaded at once since it is at the top', () => {
    renderBlock(<BannerBlock block={banner} />, { assets });
    const image = screen.getByRole<HTMLImageElement>('img', { name: banner.image!.alt });
    expect(image.getAttribute('src')).toBe(picture.src);
    expect(image.getAttribute('width')).toBe(String(picture.width));
    expect(image.getAttribute('height')).toBe(String(picture.height));
    expect(image.getAttribute('loading')).not.toBe('lazy');
  });

  test('a decorative picture (empty alt) is hidden from screen readers', () => {
    renderBlock(<BannerBlock block={{ ...banner, image: { src: 'images/hero.svg', alt: '' } }} />, { assets });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('presentation').getAttribute('src')).toBe(picture.src);
  });

  test('shows no picture, lead, tagline or motto when the page gives none', () => {
    renderBlock(<BannerBlock block={{ type: 'banner', title: 'About us' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('presentation')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).closest('section')!.textContent).toBe('About us');
  });

  test('screen readers get the whole typed tagline at once', () => {
    const tagline = { text: "Total Solutions for MSME's", stopAt: 26, startDelayMs: 1000 };
    const { container } = renderBlock(<BannerBlock block={{ ...banner, tagline }} />, { assets });
    const readable = [...container.querySelectorAll('span')].filter(
      (span) => span.textContent === tagline.text && !span.closest('[aria-hidden="true"]'),
    );
    expect(readable).toHaveLength(1);
  });

  test('shows the motto in Hindi, marked as Hindi for screen readers, with its English meaning', () => {
    const motto = { hi: 'आपकी प्रगति, हमारा लक्ष्य', en: 'Your progress is our goal' };
    renderBlock(<BannerBlock block={{ ...banner, motto }} />, { assets });
    const hindi = screen.getByText(motto.hi);
    expect(hindi.closest('[lang]')!.getAttribute('lang')).toBe('hi');
    const english = screen.getByText(motto.en);
    expect(english.closest('[lang="hi"]')).toBeNull();
  });
});
