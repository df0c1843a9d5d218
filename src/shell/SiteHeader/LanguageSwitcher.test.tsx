import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { SiteHeader } from './SiteHeader';

function switcherAt(route: string) {
  renderBlock(<SiteHeader />, { route });
  return within(screen.getAllByRole('navigation').find((nav) => nav.classList.contains('language-switcher'))!);
}

test('on an English page the switcher links to the same page in each language, each named and marked in its own language', () => {
  const switcher = switcherAt('/homeloan');
  const links = switcher.getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('lang')])).toEqual([
    ['English', '/homeloan', 'en'],
    ['मराठी', '/mr/homeloan', 'mr'],
    ['हिंदी', '/hi/homeloan', 'hi'],
  ]);
  expect(links.map((link) => link.getAttribute('aria-current'))).toEqual(['true', null, null]);
});

test('on the Marathi home page it marks मराठी as current and the menu speaks Marathi with Marathi links', () => {
  const switcher = switcherAt('/mr');
  expect(switcher.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/', '/mr', '/hi']);
  expect(switcher.getByRole('link', { name: 'मराठी' }).getAttribute('aria-current')).toBe('true');
  const main = screen.getAllByRole('navigation').find((nav) => nav.id.endsWith('-nav'))!;
  const hrefs = within(main)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
  expect(hrefs.every((href) => href?.startsWith('/mr'))).toBe(true);
});
