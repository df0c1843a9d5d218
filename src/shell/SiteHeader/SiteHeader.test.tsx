import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { Dropdown, Link, Submenu } from '../../content/site.generated';
import { SiteHeader } from './SiteHeader';
import { siteFile } from '../../../tests/helpers/siteData';
import { renderBlock } from '../../../tests/helpers/renderBlock';

const site = siteFile;

const dropdowns = site.nav.filter((item): item is Dropdown => 'columns' in item);
const services = dropdowns.find((item) => item.label === 'Services')!;
const submenus = services.columns.flatMap((column) => column.items.filter((entry): entry is Submenu => 'items' in entry));
const automobile = submenus.find((entry) => entry.label === 'Automobile')!;
const subsidies = submenus.find((entry) => entry.label === 'Government Subsidies')!;

/** Every link of the navigation, top to bottom, as the site file lists them. */
const allNavLinks: Link[] = site.nav.flatMap((item) =>
  'columns' in item
    ? item.columns.flatMap((column) => column.items.flatMap((entry) => ('items' in entry ? entry.items : [entry])))
    : [item],
);

function renderHeader(route = '/') {
  const user = userEvent.setup();
  renderBlock(
    <>
      <SiteHeader />
      <p>Page content</p>
    </>,
    { route },
  );
  return user;
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const servicesButton = () => within(mainNav()).getByRole('button', { name: services.label });
const controlled = (button: HTMLElement) => {
  const id = button.getAttribute('aria-controls');
  expect(id).not.toBeNull();
  const element = document.getElementById(id!);
  expect(element).not.toBeNull();
  return element!;
};

describe('SiteHeader', () => {
  test("the firm's name links to the home page", () => {
    renderHeader('/about');
    expect(screen.getByRole('link', { name: site.name }).getAttribute('href')).toBe('/');
  });

  test('all navigation links come from the site file, in its order, with their addresses', () => {
    renderHeader();
    const links = within(mainNav()).getAllByRole('link', { hidden: true });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(allNavLinks.map((link) => [link.label, link.to]));
  });

  test('top-level links are reachable at once; the dropdown links only once it is opened', () => {
    renderHeader();
    for (const item of site.nav) {
      if ('to' in item) expect(within(mainNav()).getByRole('link', { name: item.label })).toBeVisible();
    }
    const firstServiceLink = services.columns[0]!.items[0] as Link;
    expect(within(mainNav()).queryByRole('link', { name: firstServiceLink.label })).toBeNull();
  });

  test('the Services button opens and closes its panel, and says so with aria-expanded', async () => {
    const user = renderHeader();
    const button = servicesButton();
    const panel = controlled(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    for (const column of services.columns) {
      const list = within(panel).getByRole('list', { name: column.heading });
      for (const entry of column.items) {
        if ('to' in entry) expect(within(list).getByRole('link', { name: entry.label }).getAttribute('href')).toBe(entry.to);
        else expect(within(list).getByRole('button', { name: entry.label }).getAttribute('aria-expanded')).toBe('false');
      }
    }

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  test.each([automobile, subsidies].map((submenu) => [submenu.label, submenu] as const))(
    'the %s sub-menu button opens and closes its list on click',
    async (_label, submenu) => {
      const user = renderHeader();
      await user.click(servicesButton());
      const button = within(mainNav()).getByRole('button', { name: submenu.label });
      const list = controlled(button);
      expect(list.hidden).toBe(true);
      for (const link of submenu.items) expect(within(mainNav()).queryByRole('link', { name: link.label })).toBeNull();

      await user.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      expect(list.hidden).toBe(false);
      expect(
        within(list)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual(submenu.items.map((link) => [link.label, link.to]));

      await user.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(list.hidden).toBe(true);
    },
  );

  test('Escape closes the innermost open panel and returns focus to its button', async () => {
    const user = renderHeader();
    await user.click(servicesButton());
    const automobileButton = within(mainNav()).getByRole('button', { name: automobile.label });
    await user.click(automobileButton);
    within(controlled(automobileButton)).getByRole('link', { name: automobile.items[0]!.label }).focus();

    await user.keyboard('{Escape}');
    expect(automobileButton.getAttribute('aria-expanded')).toBe('false');
    expect(controlled(automobileButton).hidden).toBe(true);
    expect(servicesButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(automobileButton);

    await user.keyboard('{Escape}');
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false');
    expect(controlled(servicesButton()).hidden).toBe(true);
    expect(document.activeElement).toBe(servicesButton());
  });

  test('Escape from a link in the Services panel closes it and returns focus to Services', async () => {
    const user = renderHeader();
    await user.click(servicesButton());
    const firstServiceLink = services.columns[0]!.items[0] as Link;
    within(mainNav()).getByRole('link', { name: firstServiceLink.label }).focus();
    await user.keyboard('{Escape}');
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(servicesButton());
  });

  test('the Menu button controls the main navigation, with aria-expanded; Escape closes it and returns focus', async () => {
    const user = renderHeader();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(controlled(menu)).toBe(mainNav());

    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    within(mainNav()).getByRole('link', { name: 'About' }).focus();
    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);

    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  test.each([
    ['/', 'Home'],
    ['/about', 'About'],
    ['/homeloan', 'Home Loan'],
    ['/vehicleloan', 'Vehicle Loan'],
  ])('on %s only the "%s" link is marked as the current page', (route, label) => {
    renderHeader(route);
    const expected = allNavLinks.find((link) => link.to === route)!;
    expect(expected.label).toBe(label);
    const links = within(mainNav()).getAllByRole('link', { hidden: true });
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([label]);
  });

  test('clicking outside the header closes the Services panel', async () => {
    const user = renderHeader();
    await user.click(servicesButton());
    await user.click(screen.getByText('Page content'));
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false');
  });

  test('moving focus out of the Services dropdown closes it', async () => {
    const user = renderHeader();
    await user.click(servicesButton());
    expect(servicesButton().getAttribute('aria-expanded')).toBe('true');
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(mainNav()).getByRole('link', { name: 'About' }));
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false');
  });

  test('following a link in the Services panel closes it', async () => {
    const user = renderHeader('/');
    await user.click(servicesButton());
    const link = within(mainNav()).getByRole('link', { name: 'Home Loan' });
    await user.click(link);
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false');
    expect(within(mainNav()).getByRole('link', { name: 'Home Loan', hidden: true }).getAttribute('aria-current')).toBe('page');
  });
});
