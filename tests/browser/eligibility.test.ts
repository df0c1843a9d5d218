import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { VIEWPORTS } from '../helpers/deskPage';
import { storedEnquiries } from '../helpers/storedData';
import { useSite } from '../helpers/site';

const site = useSite();
const PMEGP_LINK = '/pmegp?sector=manufacturing&area=rural&category=special&cost=1000000&age=30&education=10th&newUnit=yes';

describe('the scheme eligibility checkers', () => {
  test('a PMEGP link opens with the answers filled in and the result shown, on a phone and a desk, with no axe violation', async () => {
    for (const viewport of VIEWPORTS) {
      const { page, problems } = await site.open(PMEGP_LINK, { viewport });
      await page.getByRole('heading', { name: 'You appear to be eligible' }).waitFor();
      expect(await page.getByRole('radio', { name: 'In a village (rural)' }).isChecked()).toBe(true);
      expect(await page.getByLabel('Total project cost').inputValue()).toBe('1000000');
      const result = page.locator('.eligibility__result');
      for (const [label, value] of [
        ['Subsidy rate', '35%'],
        ['Subsidy (margin money)', '₹3,50,000'],
        ['Your own contribution', '₹50,000'],
        ['Bank loan', '₹9,50,000'],
      ]) {
        expect(
          await result
            .locator('div', { has: page.locator('dt', { hasText: label }) })
            .locator('dd')
            .textContent(),
        ).toBe(value);
      }
      await expectNoAxeViolations(page, `/pmegp with a result at ${viewport.width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(problems).toEqual([]);
    }
  });

  test('changing an answer updates the result and the address', async () => {
    const { page } = await site.open(PMEGP_LINK);
    await page.getByRole('heading', { name: 'You appear to be eligible' }).waitFor();
    await page.getByRole('radio', { name: 'General' }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('general');
    await page.getByLabel('Your age').fill('17');
    await page.getByRole('heading', { name: 'You do not appear to be eligible' }).waitFor();
    expect(await page.locator('.eligibility__result').textContent()).toContain('You need to be at least 18 years old.');
    await expect.poll(() => new URL(page.url()).searchParams.get('age')).toBe('17');
  });

  test('bad values in a link are ignored, and checking then asks for those answers', async () => {
    const { page } = await site.open('/mudra?amount=lots&tarunRepaid=maybe');
    expect(await page.getByLabel('How much do you need to borrow?').inputValue()).toBe('');
    expect(await page.locator('.eligibility__result').count()).toBe(0);
    await page.getByRole('button', { name: 'Check eligibility' }).click();
    await page.locator('.error-summary').waitFor();
    await expectNoAxeViolations(page, '/mudra with errors');
  });

  test('CMEGP asks about 7th standard only when the project needs it', async () => {
    const { page } = await site.open(
      '/cmegp?domicile=yes&sector=manufacturing&area=urban&category=general&woman=no&exServiceman=no&disabled=no&cost=1500000&age=30&education=below-8th&newUnit=yes',
    );
    const question = page.getByRole('group', { name: 'Have you passed 7th standard?' });
    await question.waitFor();
    expect(await page.locator('.eligibility__result').count()).toBe(0);
    await question.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('heading', { name: 'You appear to be eligible' }).waitFor();
    await page.getByLabel('Total project cost').fill('900000');
    await expect.poll(() => question.count()).toBe(0);
  });

  test('CMEGP: an old link with category=special asks the category again; an OBC woman of 47 is eligible at the special rate; an OBC man sees both rates', async () => {
    const rest = 'domicile=yes&sector=manufacturing&area=rural&cost=1000000&education=10th&newUnit=yes&exServiceman=no&disabled=no';
    const { page, problems } = await site.open(`/cmegp?${rest}&category=special&woman=yes&age=47`);
    const category = page.getByRole('group', { name: 'Which social category are you in?' });
    await page.getByRole('radio', { name: 'In a village (rural)' }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'In a village (rural)' }).isChecked()).toBe(true);
    for (const radio of await category.getByRole('radio').all()) expect(await radio.isChecked()).toBe(false);
    expect(await page.locator('.eligibility__result').count()).toBe(0);

    await category.getByRole('radio', { name: 'OBC, or VJNT and other nomadic tribes' }).check();
    await page.getByRole('heading', { name: 'You appear to be eligible' }).waitFor();
    const result = page.locator('.eligibility__result');
    const figure = (label: string) =>
      result.locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
    expect(await figure('Subsidy rate').textContent()).toBe('35%');
    expect(await figure('Your own contribution').textContent()).toBe('₹50,000');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('obc-vjnt');

    await page.getByLabel('Your age').fill('30');
    await page.getByRole('group', { name: 'Are you a woman?' }).getByRole('radio', { name: 'No' }).check();
    await expect.poll(() => result.textContent()).toContain('Subsidy rate, general category');
    expect(await figure('Subsidy rate, general category').textContent()).toBe('25%');
    expect(await figure('Subsidy rate, special category').textContent()).toBe('35%');
    expect(await result.textContent()).toContain('We show you two sets of figures.');
    await expectNoAxeViolations(page, '/cmegp with both rates');
    await page.getByLabel('Your age').fill('47');
    await page.getByRole('heading', { name: 'You do not appear to be eligible' }).waitFor();
    expect(await result.textContent()).toContain('The upper age limit is 45 years');
    expect(problems).toEqual([]);
  });

  test('Send this to an advisor opens the contact form with the type chosen and the summary written; sent, it records the checker', async () => {
    const { page, problems } = await site.open(PMEGP_LINK);
    await page.getByRole('button', { name: 'Send this to an advisor' }).click();
    await page.waitForURL('**/contactus?from=%2Fpmegp');
    const message = page.getByLabel('Message (optional)');
    await expect.poll(() => message.inputValue()).toContain('My answers to the eligibility checker at /pmegp:');
    expect(await message.inputValue()).toContain('Subsidy (margin money): ₹3,50,000');
    const enquiry = page.getByLabel('What is your enquiry about?');
    expect(await enquiry.locator('option:checked').textContent()).toBe('New StartUp');

    await message.fill(`${await message.inputValue()}\nI would like to start in January.`);
    await page.getByLabel('Full name').fill('Nilesh Jadhav');
    await page.getByLabel('Mobile number').fill('9822066666');
    await page.getByRole('checkbox', { name: /^I agree/ }).check();
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/received/);
    const stored = storedEnquiries(site.server.dataDir, 'contact').at(-1)!;
    expect(stored).toMatchObject({ sourcePage: '/pmegp', fields: { name: 'Nilesh Jadhav', enquiry: 'New StartUp' } });
    expect(stored.fields.message).toMatch(/Bank loan: ₹9,50,000\nI would like to start in January\.$/);
    expect(problems).toEqual([]);
  });

  test('the checkers are in the Services menu and linked from the government schemes page', async () => {
    const { page } = await site.open('/cgtmse');
    for (const [name, href] of [
      ['Check PMEGP eligibility', '/pmegp'],
      ['Check CMEGP eligibility', '/cmegp'],
      ['Check your MUDRA category', '/mudra'],
    ]) {
      expect(await page.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const html = await (await fetch(new URL('/', site.url))).text();
    for (const route of ['/pmegp', '/cmegp', '/mudra']) expect(html).toContain(`href="${route}"`);
  });
});
