import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { iconsNamed, renderBlock } from '../../../tests/helpers/renderBlock';
import { CardsBlock } from './CardsBlock';

const dairy = { src: '/assets/dairy-9f8e7d.svg', width: 320, height: 200 };
const assets = {
  icons: await iconsNamed('factory', 'hand-coins'),
  assets: { 'images/dairy.svg': dairy },
};

const cards: BlockOf<'cards'> = {
  type: 'cards',
  heading: 'What we finance',
  intro: 'Loans for every stage of your business.',
  items: [
    {
      title: 'Dairy farming',
      description: 'Cattle, sheds and milk chilling units.',
      image: { src: 'images/dairy.svg', alt: 'Cows in a clean shed' },
      icon: 'factory',
    },
    { title: 'Manufacturing', description: 'Plant, machinery and working capital.', icon: 'factory' },
    {
      title: 'Working capital',
      description: 'Cash credit and overdraft limits.',
      icon: 'hand-coins',
      link: { to: '/businessloan', label: 'Read about business loans' },
    },
    { title: 'Consultancy', description: 'Advice without a product to sell.' },
  ],
};

function card(title: string) {
  return screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
}

describe('CardsBlock', () => {
  test('shows the heading, the intro and every card as a list item with an h3 title and its description', () => {
    renderBlock(<CardsBlock block={cards} />, { assets });
    expect(screen.getByRole('heading', { level: 2, name: cards.heading })).toBeVisible();
    expect(screen.getByText(cards.intro!)).toBeVisible();
    const list = screen.getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(cards.items.length);
    cards.items.forEach((item, index) => {
      expect(within(items[index]!).getByRole('heading', { level: 3 }).textContent).toBe(item.title);
      expect(within(items[index]!).getByText(item.description)).toBeVisible();
    });
  });

  test('a card with a picture shows the picture (with its description and size) instead of its icon', () => {
    renderBlock(<CardsBlock block={cards} />, { assets });
    const dairyCard = card('Dairy farming');
    const image = within(dairyCard).getByRole('img', { name: 'Cows in a clean shed' });
    expect(image.getAttribute('src')).toBe(dairy.src);
    expect(image.getAttribute('width')).toBe(String(dairy.width));
    expect(image.getAttribute('height')).toBe(String(dairy.height));
    expect(dairyCard.querySelector('svg')).toBeNull();
  });

  test('a card with an icon and no picture shows the icon, hidden from screen readers', () => {
    renderBlock(<CardsBlock block={cards} />, { assets });
    for (const title of ['Manufacturing', 'Working capital']) {
      const iconCard = card(title);
      const icon = iconCard.querySelector('svg');
      expect(icon).not.toBeNull();
      expect(icon!.getAttribute('aria-hidden')).toBe('true');
      expect(within(iconCard).queryByRole('img')).toBeNull();
    }
  });

  test('a card with neither picture nor icon shows just its text', () => {
    renderBlock(<CardsBlock block={cards} />, { assets });
    const plain = card('Consultancy');
    expect(plain.querySelector('svg, img')).toBeNull();
    expect(plain.textContent).toBe('ConsultancyAdvice without a product to sell.');
  });

  test('only a card with a link has a link, named by its label and leading to its page', async () => {
    const user = userEvent.setup();
    function Where() {
      return <p>Now on {useLocation().pathname}</p>;
    }
    renderBlock(
      <Routes>
        <Route path="/" element={<CardsBlock block={cards} />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { assets },
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    const link = within(card('Working capital')).getByRole('link', { name: 'Read about business loans' });
    expect(link.getAttribute('href')).toBe('/businessloan');
    await user.click(link);
    expect(screen.getByText('Now on /businessloan')).toBeVisible();
  });
});
