import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { firstSignIn, logInOnPage, VIEWPORTS } from '../helpers/deskPage';
import { enquire } from '../helpers/contactEnquiry';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'casework owner 4410' };
const STAFF = { username: 'meera', password: 'meera own phrase' };
const STAFF_FIRST = 'meera first pass';
const site = useSite({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });

describe('assignment on the desk', () => {
  test('a staff member takes an unassigned enquiry and finds it under Mine; the owner sees her as its advisor and can reassign it', async () => {
    await enquire(site, 'Sunil Jadhav', '9011223355');
    await enquire(site, 'Pooja Shinde', '9011223366');

    const owner = await site.open('/adminLogin');
    await logInOnPage(owner.page, OWNER);
    await owner.page.getByRole('link', { name: 'Staff accounts' }).click();
    await owner.page.getByLabel('Username').fill(STAFF.username);
    await owner.page.getByLabel('First password').fill(STAFF_FIRST);
    await owner.page.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => owner.page.getByText(`The account ${STAFF.username} has been added as staff`).isVisible()).toBe(true);
    // Each box is saved as it is ticked, and shows what the server now holds.
    const marathi = owner.page.getByRole('checkbox', { name: `Speaks Marathi (${STAFF.username})` });
    await marathi.click();
    await expect.poll(() => owner.page.getByText(`${STAFF.username} speaks Marathi.`).isVisible()).toBe(true);
    await expect.poll(() => marathi.isChecked()).toBe(true);

    for (const viewport of VIEWPORTS) {
      const { page, problems } = await site.open('/adminLogin', { viewport });
      if (viewport === VIEWPORTS[0]) await firstSignIn(page, STAFF, STAFF_FIRST);
      else await logInOnPage(page, STAFF);
      await page.getByRole('link', { name: 'Mine' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toBe('Mine: the enquiries assigned to you');
      await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
      const name = viewport === VIEWPORTS[0] ? 'Sunil Jadhav' : 'Pooja Shinde';
      expect(await page.getByRole('row').filter({ hasText: name }).count()).toBe(0);

      await page.getByRole('link', { name: 'Enquiries', exact: true }).click();
      await page.getByLabel('Advisor').selectOption({ label: 'Nobody yet' });
      const list = page.getByRole('region', { name: 'All enquiries, table' });
      await list.getByRole('link', { name, exact: true }).click();
      const enquiry = page.getByRole('article');
      await expect.poll(() => enquiry.getByText('Nobody is assigned yet.').isVisible()).toBe(true);
      // The choice the visitor made on the Contact Us form, as itself (not the old site's StartUp Help).
      expect(await enquiry.getByRole('definition').filter({ hasText: 'Existing Business Expansion' }).count()).toBe(1);
      await enquiry.getByRole('button', { name: 'Take it for myself' }).click();
      await expect.poll(() => enquiry.getByText('It is yours now: you find it under Mine.').isVisible()).toBe(true);
      expect(await enquiry.getByText('Assigned to you.').isVisible()).toBe(true);
      const history = await enquiry.getByRole('list').last().getByRole('listitem').allTextContents();
      expect(history.at(-1)).toMatch(new RegExp(`^Assigned to ${STAFF.username} by ${STAFF.username}, `));
      await expectNoAxeViolations(page, `an enquiry taken by staff at ${viewport.width} px`);

      await page.getByRole('link', { name: 'Mine' }).click();
      const mine = page.getByRole('region', { name: 'Mine: the enquiries assigned to you, table' });
      await expect.poll(() => mine.getByRole('row').filter({ hasText: name }).count()).toBe(1);
      expect(await mine.getByRole('row').filter({ hasText: name }).textContent()).toContain(STAFF.username);
      await expectNoAxeViolations(page, `Mine at ${viewport.width} px`);
      expect(problems).toEqual([]);
      await page.close();
    }

    // The owner sees her as the advisor, and gives one of them back to nobody.
    await owner.page.getByRole('link', { name: 'Enquiries', exact: true }).click();
    const row = owner.page.getByRole('region', { name: 'All enquiries, table' }).getByRole('row').filter({ hasText: 'Pooja Shinde' });
    await expect.poll(() => row.textContent()).toContain(STAFF.username);
    await row.getByRole('link', { name: 'Pooja Shinde', exact: true }).click();
    const enquiry = owner.page.getByRole('article');
    await expect.poll(() => enquiry.getByLabel('Assigned to').inputValue()).toBe(STAFF.username);
    await enquiry.getByLabel('Assigned to').selectOption({ label: 'Nobody' });
    await enquiry.getByRole('button', { name: 'Save advisor' }).click();
    await expect.poll(() => enquiry.getByText('Nobody is assigned now.').isVisible()).toBe(true);
    expect(await enquiry.getByRole('list').last().getByRole('listitem').last().textContent()).toMatch(/^Unassigned by owner, /);
    await expectNoAxeViolations(owner.page, 'an owner assigning an enquiry');
  });

  test('an owner adds an application to a lender and moves it to sanctioned; the enquiry follows it', async () => {
    await enquire(site, 'Kavita Joshi', '9011223377');
    const { page, problems } = await site.open('/adminLogin');
    await logInOnPage(page, OWNER);
    const list = page.getByRole('region', { name: 'All enquiries, table' });
    await list.getByRole('link', { name: 'Kavita Joshi', exact: true }).click();
    const enquiry = page.getByRole('article');
    const applications = enquiry.getByRole('region', { name: 'Applications to lenders' });
    await expect.poll(() => applications.getByText('None yet.').isVisible()).toBe(true);

    // A bad amount is refused with its reason, beside the field.
    await applications.getByLabel('Lender').selectOption({ label: 'State Bank of India' });
    await applications.getByLabel('Product (a term loan, working capital, a scheme)').fill('Term loan for a CNC machine');
    await applications.getByLabel('Amount asked (₹)').fill('-25,00,000');
    await applications.getByRole('button', { name: 'Add application' }).click();
    await expect.poll(() => applications.getByText('An amount cannot be negative').isVisible()).toBe(true);
    await applications.getByLabel('Amount asked (₹)').fill('25,00,000');
    await applications.getByRole('button', { name: 'Add application' }).click();
    await expect.poll(() => enquiry.getByText('Application added: it is being prepared.').isVisible()).toBe(true);
    const item = applications.getByRole('listitem').filter({ hasText: 'State Bank of India: Term loan for a CNC machine' });
    expect(await item.textContent()).toContain('Asked ₹25,00,000. Status: Preparing.');

    // Sanctioned is not offered before it is submitted.
    const status = item.getByLabel('New status of the application to State Bank of India');
    expect(await status.locator('option').allTextContents()).toEqual(['Choose…', 'Submitted', 'Query raised', 'Rejected', 'Withdrawn']);
    await status.selectOption({ label: 'Submitted' });
    await item.getByRole('button', { name: 'Save status of the application to State Bank of India' }).click();
    await expect.poll(() => enquiry.getByText('The application to State Bank of India is submitted now.').isVisible()).toBe(true);
    await expect.poll(() => enquiry.getByText(/Status: Submitted to lender\./).isVisible()).toBe(true);

    await item.getByLabel('New status of the application to State Bank of India').selectOption({ label: 'Sanctioned' });
    await item.getByLabel('Amount sanctioned (₹)').fill('20,00,000');
    await item.getByRole('button', { name: 'Save status of the application to State Bank of India' }).click();
    await expect.poll(() => enquiry.getByText('The application to State Bank of India is sanctioned now.').isVisible()).toBe(true);
    expect(await item.textContent()).toContain('Status: Sanctioned, sanctioned ₹20,00,000.');
    expect(await item.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Preparing by owner, /),
      expect.stringMatching(/^Submitted by owner, /),
      expect.stringMatching(/^Sanctioned by owner, /),
    ]);
    // The enquiry's own status followed, by the rule in _desk.yaml, and its history says who moved it.
    await expect.poll(() => enquiry.getByText(/Status: Sanctioned\./).isVisible()).toBe(true);
    const history = await enquiry.getByRole('list').last().getByRole('listitem').allTextContents();
    expect(history.at(-1)).toMatch(/^Status changed from Submitted to lender to Sanctioned by owner, /);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `an enquiry with an application at ${viewport.width} px`);
    }
    // The negative amount's refusal, and nothing else.
    expect(problems.filter((problem) => !/ 400|status of 400/.test(problem))).toEqual([]);
    expect(problems.filter((problem) => problem.startsWith('HTTP 400'))).toHaveLength(1);
  });
});
