import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { siteDataFor } from '../../../tests/helpers/siteData';
import { ImageStripBlock } from './ImageStripBlock';

const files = {
  'images/plant.svg': { src: '/assets/plant-11aa.svg', width: 400, height: 300 },
  'images/press.svg': { src: '/assets/press-22bb.svg', width: 360, height: 240 },
  'images/store.svg': { src: '/assets/store-33cc.svg', width: 300, height: 300 },
};
const assets = { assets: files };

const strip: BlockOf<'image-strip'> = {
  type: 'image-strip',
  heading: 'Units we have financed',
  images: [
    { image: { src: 'images/plant.svg', alt: 'An engineering plant with CNC machines' }, caption: 'Engineering unit, Waluj' },
    { image: { src: 'images/press.svg', alt: 'A power press line' }, caption: 'Press shop, Shendra' },
    { image: { src: 'images/store.svg', alt: 'A cold store' }, caption: 'Cold store, Paithan' },
  ],
};

describe('ImageStripBlock', () => {
  test('shows the heading and one captioned figure per picture, in order', () => {
    renderBlock(<ImageStripBlock block={strip} />, { assets });
    expect(screen.getByRole('heading', { level: 2, name: strip.heading })).toBeVisible();
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(strip.images.length);
    strip.images.forEach((item, index) => {
      const caption = within(figures[index]!).getByText(item.caption);
      expect(caption.tagName).toBe('FIGCAPTION');
    });
  });

  test('each picture has its description and its intrinsic width and height', () => {
    renderBlock(<ImageStripBlock block={strip} />, { assets });
    const figures = screen.getAllByRole('figure');
    strip.images.forEach((item, index) => {
      const image = within(figures[index]!).getByRole('img', { name: item.image.alt });
      const file = files[item.image.src as keyof typeof files];
      expect(image.getAttribute('src')).toBe(file.src);
      expect(image.getAttribute('width')).toBe(String(file.width));
      expect(image.getAttribute('height')).toBe(String(file.height));
    });
  });

  test('the row is a region labelled by the heading, holding the list, that keyboard users can focus to scroll it', async () => {
    const user = userEvent.setup();
    renderBlock(<ImageStripBlock block={strip} />, { assets });
    const row = screen.getByRole('region', { name: strip.heading });
    expect(within(within(row).getByRole('list')).getAllByRole('listitem')).toHaveLength(strip.images.length);
    await user.tab();
    expect(document.activeElement).toBe(row);
  });

  test('without a heading the row still has a label', () => {
    renderBlock(<ImageStripBlock block={{ ...strip, heading: undefined }} />, { assets });
    expect(screen.queryByRole('heading')).toBeNull();
    const row = screen.getByRole('region');
    expect(row).toHaveAccessibleName(siteDataFor('en').words.ui.blocks.pictures);
    expect(row.tabIndex).toBe(0);
  });
});
