import { describe, expect, test } from 'vitest';
import { indiaDate } from '../../src/shared/indiaTime';
import { expectNoAxeViolations } from '../helpers/axe';
import { firstSignIn, logInOnPage, tooWide, VIEWPORTS } from '../helpers/deskPage';
import { enquire } from '../helpers/contactEnquiry';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'daily list owner 5520' };
const STAFF = { username: 'meera', password: 'meera own phrase' };
const STAFF_FIRST = 'meera first pass';
const site = useSite({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });

describe("an advisor's daily list", () => {
  test('the owner says where meera’s list goes; meera signs in to her list for today and opens an enquiry from it', async () => {
    await enquire(site, 'Sunil Jadhav', '9011223355');
    await enquire(site, 'Pooja Shinde', '9011223366');

    const owner = await site.open('/adminLogin');
    await logInOnPage(owner.page, OWNER);
    // The owner has nothing of their own today.
    const ownerToday = owner.page.getByRole('region', { name: /^Today, / });
    await expect.poll(() => ownerToday.getByText(/^Nothing waits for you/).isVisible()).toBe(true);

    await owner.page.getByRole('link', { name: 'Staff accounts' }).click();
    await owner.page.getByLabel('Username').fill(STAFF.username);
    await owner.page.getByLabel('First password').fill(STAFF_FIRST);
    await owner.page.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => owner.page.getByText(`The account ${STAFF.username} has been added as staff`).isVisible()).toBe(true);
    const email = owner.page.getByLabel(`E-mail for the daily list of ${STAFF.username}`);
    await email.fill('meera at firm');
    await owner.page.getByRole('button', { name: `Save the daily list of ${STAFF.username}` }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await owner.page.getByText('Enter an email address in the correct format, like name@example.com').isVisible()).toBe(true);
    await email.fill('meera@firm.in');
    await owner.page.getByLabel(`Its language (${STAFF.username})`).selectOption({ label: 'Marathi' });
    await owner.page.getByRole('button', { name: `Save the daily list of ${STAFF.username}` }).click();
    await expect.poll(() => owner.page.getByText('meera gets the daily list at meera@firm.in, in Marathi.').isVisible()).toBe(true);
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe(null);
    for (const viewport of VIEWPORTS) {
      await owner.page.setViewportSize(viewport);
      await expectNoAxeViolations(owner.page, `staff accounts with a daily list at ${viewport.width} px`);
    }
    await owner.page.setViewportSize(VIEWPORTS[0]!);

    // The owner gives her both enquiries, one with a follow-up today.
    for (const name of ['Sunil Jadhav', 'Pooja Shinde']) {
      await owner.page.getByRole('link', { name: 'Enquiries', exact: true }).click();
      await owner.page.getByRole('region', { name: 'All enquiries, table' }).getByRole('link', { name, exact: true }).click();
      const enquiry = owner.page.getByRole('article');
      await enquiry.getByLabel('Assigned to').selectOption({ label: STAFF.username });
      await enquiry.getByRole('button', { name: 'Save advisor' }).click();
      await expect.poll(() => enquiry.getByText(`Assigned to ${STAFF.username}.`).first().isVisible()).toBe(true);
      if (name === 'Pooja Shinde') {
        await enquiry.getByLabel('Date').fill(indiaDate());
        await enquiry.getByRole('button', { name: 'Save follow-up' }).click();
        await expect.poll(() => enquiry.getByText('Follow-up saved.').isVisible()).toBe(true);
      }
    }

    for (const viewport of VIEWPORTS) {
      const { page, problems } = await site.open('/adminLogin', { viewport });
      if (viewport === VIEWPORTS[0]) await firstSignIn(page, STAFF, STAFF_FIRST);
      else await logInOnPage(page, STAFF);
      // Signed in, she sees her list first: the same as the e-mail at the start of the working day.
      const today = page.getByRole('region', { name: /^Today, / });
      await expect
        .poll(() => today.getByRole('heading', { level: 3 }).allTextContents())
        .toEqual([
          'Follow-ups due today or earlier (1)',
          expect.stringMatching(/^Given to you since .+ \(2\)$/),
          'Past the first-response target with no call yet (0)',
        ]);
      const parts = today.getByRole('region');
      expect(await parts.nth(0).getByRole('listitem').allTextContents()).toEqual([
        expect.stringMatching(/^Pooja VF-[0-9A-Z]{4}-[0-9A-Z]{4}, follow-up on \d{1,2} \w+ \d{4}$/),
      ]);
      expect(await parts.nth(1).getByRole('link').allTextContents()).toEqual(['Pooja', 'Sunil']);
      expect(await parts.nth(2).textContent()).toContain('None.');
      // First names only.
      expect(await today.textContent()).not.toMatch(/Jadhav|Shinde/);
      await expectNoAxeViolations(page, `Today at ${viewport.width} px`);
      if (viewport.width === 360) expect(await tooWide(page)).toEqual([]);

      await parts.nth(1).getByRole('link', { name: 'Sunil' }).click();
      const enquiry = page.getByRole('article');
      await expect.poll(() => enquiry.getByText('Assigned to you.').isVisible()).toBe(true);
      expect(await enquiry.textContent()).toContain('Sunil Jadhav');
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
