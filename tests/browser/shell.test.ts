import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { useSite } from '../helpers/site';

const site = useSite();

describe('navigation bar', () => {
  test('Services opens on click, its sub-menus open on click, and a link navigates in place', async () => {
    const { page, problems } = await site.open('/');
    const services = page.getByRole('button', { name: 'Services', exact: true });
    await expect.poll(() => services.getAttribute('aria-expanded')).toBe('false');
    await services.click();
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByRole('link', { name: 'Home Loan' }).isVisible()).toBe(true);

    const automobile = page.getByRole('button', { name: 'Automobile' });
    expect(await page.getByRole('link', { name: 'Manufacturers' }).isVisible()).toBe(false);
    await automobile.click();
    expect(await automobile.getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page, 'home page with the Services menu open');

    await page.getByRole('link', { name: 'Manufacturers' }).click();
    await page.waitForURL('**/services');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/manufacturers/i);
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    // After a client-side navigation focus lands on the new page's heading, as on a full load.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.title()).toMatch(/manufacturers/i);
    expect(problems).toEqual([]);
  });

  test('works from the keyboard: Enter opens, Escape closes and returns focus', async () => {
    const { page } = await site.open('/about');
    const services = page.getByRole('button', { name: 'Services', exact: true });
    await services.focus();
    await page.keyboard.press('Enter');
    expect(await services.getAttribute('aria-expanded')).toBe('true');

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home Loan');
    await page.keyboard.press('Escape');
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Services');

    await page.keyboard.press('Enter');
    const subsidies = page.getByRole('button', { name: 'Government Subsidies' });
    await subsidies.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('link', { name: 'Textile Policy' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await subsidies.getAttribute('aria-expanded')).toBe('false');
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Government Subsidies');
  });

  test('becomes a Menu button on a 360 px phone', async () => {
    const { page, problems } = await site.open('/', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    await menu.tap();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Services', exact: true }).tap();
    await page.getByRole('link', { name: 'Vehicle Loan' }).tap();
    await page.waitForURL('**/vehicleloan');
    await expect.poll(() => nav.isVisible()).toBe(false);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    expect(problems).toEqual([]);
  });
});

describe('FAQ accordion', () => {
  test('the first panel is open, the others closed, and each toggles', async () => {
    const { page } = await site.open('/about');
    const questions = page.locator('.faq__button');
    expect(await questions.count()).toBe(6);
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    for (let index = 1; index < 6; index++) expect(await questions.nth(index).getAttribute('aria-expanded')).toBe('false');

    const second = questions.nth(1);
    const answer = page.locator(`#${await second.getAttribute('aria-controls')}`);
    expect(await answer.isVisible()).toBe(false);
    await second.click();
    expect(await answer.isVisible()).toBe(true);
    await questions.nth(0).click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
  });

  test('every answer is in the HTML the server sends', async () => {
    const html = await (await fetch(new URL('/about', site.url))).text();
    const { page } = await site.open('/about');
    const answers = await page.locator('.faq__answer').allTextContents();
    expect(answers).toHaveLength(6);
    for (const answer of answers) expect(html).toContain(answer.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').slice(0, 40));
  });
});

describe('typewriter', () => {
  test('types one character every 100 ms and stops at the stop length (Traders: 324)', async () => {
    const { page } = await site.open('/trader', { fakeClock: true });
    const shown = page.locator('.typed-intro .typed__shown');
    await page.clock.runFor(1000);
    expect((await shown.textContent())!.length).toBe(10);
    await page.clock.runFor(40_000);
    const typed = (await shown.textContent())!;
    expect(typed.length).toBe(324);
    expect(await page.locator('.typed-intro .typed').getAttribute('data-typed')).toBe('done');
    // Screen readers get the whole text at once, from the start.
    expect((await page.locator('.typed-intro .visually-hidden').textContent())!.startsWith(typed)).toBe(true);
  });

  test('the home tagline waits one second, then types', async () => {
    const { page } = await site.open('/', { fakeClock: true });
    const shown = page.locator('.banner__tagline .typed__shown');
    await page.clock.runFor(1000);
    expect(await shown.textContent()).toBe('');
    await page.clock.runFor(150);
    expect(await shown.textContent()).toBe('T');
    await page.clock.runFor(3000);
    expect(await shown.textContent()).toBe("Total Solutions for MSME's");
  });

  test('with reduced motion the whole text shows at once', async () => {
    const { page } = await site.open('/services', { reducedMotion: 'reduce' });
    await expect.poll(async () => (await page.locator('.typed-intro .typed__shown').textContent())!.length).toBe(568);
  });
});

describe('floating buttons', () => {
  test('scroll-to-top is hidden at 300 px, shown past it, and scrolls back to the top', async () => {
    const { page } = await site.open('/services');
    const toTop = page.getByRole('button', { name: 'Back to top' });
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(100);
    expect(await toTop.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 301));
    await expect.poll(() => toTop.isVisible()).toBe(true);
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => toTop.count()).toBe(0);
  });

  test('the WhatsApp chat button appears once the page leaves the top', async () => {
    const { page } = await site.open('/homeloan');
    const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    expect(await chat.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect.poll(() => chat.isVisible()).toBe(true);
    expect(await chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/91\d{10}$/);
  });
});

describe('page content', () => {
  test('fades in 100 ms after load', async () => {
    const { page } = await site.open('/about');
    const timing = await page.evaluate(() => {
      const animation = document.querySelector('.page')!.getAnimations()[0] as CSSAnimation | undefined;
      return animation && { name: animation.animationName, delay: animation.effect!.getTiming().delay };
    });
    expect(timing).toEqual({ name: 'page-fade-in', delay: 100 });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.querySelector('.page')!).opacity)).toBe('1');
  });

  test('Apply Now leads to the contact form, carrying the page it came from', async () => {
    const { page, problems } = await site.open('/homeloan');
    await page.getByRole('link', { name: 'Apply Now' }).last().click();
    await page.waitForURL('**/contactus?from=%2Fhomeloan');
    await expect.poll(() => page.getByRole('button', { name: 'Send enquiry' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  test('an unknown address gets the 404 page, with status 404 and links home and to Services', async () => {
    const response = await fetch(new URL('/no-such-page', site.url));
    expect(response.status).toBe(404);
    const { page, problems } = await site.open('/no-such-page');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('We Could Not Find That Page');
    expect(await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: /services/i })
        .getAttribute('href'),
    ).toBe('/services');
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    await expectNoAxeViolations(page);
  });
});
