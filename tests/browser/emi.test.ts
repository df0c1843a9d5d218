import type { Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { useSite } from '../helpers/site';

const site = useSite();

const outputs = (page: Page) => Promise.all(['emi-monthly', 'emi-interest', 'emi-total'].map((id) => page.getByTestId(id).textContent()));

const box = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
const slider = (page: Page, label: string) => page.getByRole('slider', { name: new RegExp(`^${label}`) });

describe('EMI calculator on /homeloan', () => {
  test("shows the brief's defaults and their exact results", async () => {
    const { page, problems } = await site.open('/homeloan');
    expect(await box(page, 'Loan amount').inputValue()).toBe('2500000');
    expect(await box(page, 'Tenure').inputValue()).toBe('30');
    expect(await box(page, 'Interest rate').inputValue()).toBe('8.95');
    expect(await outputs(page)).toEqual(['₹20,025.69', '₹47,09,248.20', '₹72,09,248.20']);
    expect(problems).toEqual([]);
  });

  test('typing in a box moves its slider, and moving a slider changes its box and the results', async () => {
    const { page } = await site.open('/homeloan');
    await box(page, 'Loan amount').fill('3700000');
    await expect.poll(() => slider(page, 'Loan amount').inputValue()).toBe('3700000');
    await box(page, 'Tenure').fill('17');
    await box(page, 'Interest rate').fill('7.25');
    await expect.poll(() => slider(page, 'Tenure').inputValue()).toBe('17');
    await expect.poll(() => slider(page, 'Interest rate').inputValue()).toBe('7.25');
    const [emi] = await outputs(page);
    expect(emi).toBe('₹31,602.51');

    const tenure = slider(page, 'Tenure');
    await tenure.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box(page, 'Tenure').inputValue()).toBe('18');
    const [emiAfter, interestAfter, totalAfter] = await outputs(page);
    expect(emiAfter).not.toBe(emi);
    expect(interestAfter).toMatch(/^₹[\d,]+\.\d\d$/);
    expect(totalAfter).toMatch(/^₹[\d,]+\.\d\d$/);
  });

  test('an out-of-range value gets a message naming the range, keeps the last result, and is clamped on leaving the box', async () => {
    const { page } = await site.open('/homeloan');
    const before = await outputs(page);
    const rate = box(page, 'Interest rate');
    await rate.fill('22');
    expect(await page.getByText('Enter an interest rate from 0.5% to 15%, with at most 2 decimals').isVisible()).toBe(true);
    expect(await rate.getAttribute('aria-invalid')).toBe('true');
    expect(await outputs(page)).toEqual(before);
    expect(await page.getByText('These figures are for the last valid values').isVisible()).toBe(true);

    await rate.blur();
    expect(await rate.inputValue()).toBe('15');
    expect(await slider(page, 'Interest rate').inputValue()).toBe('15');
    expect(await page.getByText('Enter an interest rate from 0.5%').count()).toBe(0);
    expect((await outputs(page))[0]).not.toBe(before[0]);

    const amount = box(page, 'Loan amount');
    await amount.fill('');
    expect(await page.getByText('Enter a loan amount from ₹1,00,000 to ₹10,00,00,000').isVisible()).toBe(true);
    await amount.blur();
    expect(await amount.inputValue()).toBe('2500000');
    const shown = (await outputs(page)).join(' ');
    expect(shown).not.toMatch(/NaN|Infinity|-/);
  });

  test('the yearly schedule opens and closes, and ends at a zero balance', async () => {
    const { page } = await site.open('/homeloan');
    const toggle = page.getByRole('button', { name: /year-by-year schedule/ });
    const table = page.getByRole('table', { name: 'Year-by-year repayment schedule' });
    expect(await table.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await table.isVisible()).toBe(true);
    expect(await table.locator('tbody tr').count()).toBe(30);
    expect(await table.locator('tbody tr').last().locator('td').last().textContent()).toBe('₹0.00');
    await expectNoAxeViolations(page, '/homeloan with the schedule open');
    await toggle.click();
    expect(await table.isVisible()).toBe(false);
  });

  test('the inputs go into the address, and a shared link reproduces the figures', async () => {
    const { page } = await site.open('/homeloan');
    await box(page, 'Loan amount').fill('3700000');
    await box(page, 'Tenure').fill('17');
    await box(page, 'Interest rate').fill('7.25');
    await page.waitForURL(/amount=3700000&years=17&rate=7.25/);
    const expected = await outputs(page);

    const shared = await site.open('/homeloan?amount=3700000&years=17&rate=7.25');
    await expect.poll(() => outputs(shared.page)).toEqual(expected);
    expect(await box(shared.page, 'Tenure').inputValue()).toBe('17');
  });

  test('a hostile or out-of-range query is ignored for the defaults', async () => {
    const { page, problems } = await site.open('/homeloan?amount=%3Cimg%20src%3Dx%3E&years=99&rate=-3');
    await page.waitForLoadState('networkidle');
    expect(await outputs(page)).toEqual(['₹20,025.69', '₹47,09,248.20', '₹72,09,248.20']);
    expect(problems).toEqual([]);
  });

  test('other loan pages start from their own defaults', async () => {
    const { page } = await site.open('/personalloan');
    expect(await box(page, 'Loan amount').inputValue()).toBe('500000');
    expect(await box(page, 'Tenure').inputValue()).toBe('5');
  });

  test('has no axe violation, with an error showing', async () => {
    const { page } = await site.open('/vehicleloan');
    await box(page, 'Tenure').fill('45');
    await expectNoAxeViolations(page);
  });
});

describe('the calculator code loads only where it is used', () => {
  test.each([
    ['/homeloan', true],
    ['/businessloan', true],
    ['/', false],
    ['/about', false],
    ['/services', false],
  ])('%s downloads the calculator: %s', async (path, expected) => {
    const { page } = await site.open(path, { fakeClock: false });
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts.some((name) => /EmiCalculatorBlock-[\w-]+\.js$/.test(name))).toBe(expected);
  });
});
