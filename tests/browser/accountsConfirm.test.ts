import { expect, test } from 'vitest';
import { totpCode } from '../../api/auth/totpCodes';
import { expectNoAxeViolations } from '../helpers/axe';
import { logInOnPage, tooWide, VIEWPORTS } from '../helpers/deskPage';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'accounts confirm owner 7731' };
// The server's time stands still until the test moves it, so the authenticator's codes are the server's own moment's.
const site = useSite({ clock: 'now', env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });
const code = async (secret: string) => totpCode(secret, await site.server.clock.now());

test('an owner signed in a while ago adds an owner only after confirming it is them, in the Accounts panel, with the password and a code; the result shows beside the button', async () => {
  const { page, problems } = await site.open('/adminLogin');
  await logInOnPage(page, OWNER);
  // The owner has an authenticator app (set up just after signing in, while the password was fresh).
  await page.getByRole('link', { name: 'Sign-in security' }).click();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.locator('.security-key').textContent())!;
  await page.getByLabel('Code from the app').fill(await code(secret));
  await page.getByRole('button', { name: 'Confirm the app' }).click();
  await page.getByRole('button', { name: 'I have kept these codes' }).click();

  // Six minutes on, the session alone adds nobody: the panel asks beside the form, with the focus on the password.
  await site.server.clock.advance(6 * 60_000);
  await page.getByRole('link', { name: 'Staff accounts' }).click();
  await page.getByLabel('Username').fill('kavita');
  await page.getByLabel('First password').fill('kavita first phrase 4');
  await page.getByLabel('Role', { exact: true }).selectOption('owner');
  await page.getByRole('button', { name: 'Add account' }).click();
  const prompt = page.getByRole('form', { name: 'Confirm it is you' });
  await prompt.getByLabel('Password').waitFor();
  await expect.poll(() => prompt.getByLabel('Password').evaluate((field) => field === document.activeElement)).toBe(true);
  expect(await prompt.textContent()).toContain(
    'Before you add or remove an account, or change its role or e-mail address, enter your password and a code from your authenticator app',
  );
  expect(await page.getByRole('region', { name: 'Staff accounts, table' }).getByRole('rowheader').allTextContents()).toEqual([
    'owner (you)',
  ]);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `confirming it is you in the Accounts panel at ${viewport.width} px`);
    expect(await tooWide(page), `at ${viewport.width} px`).toEqual([]);
  }

  // The password alone is refused in the form; with a current code the account is added.
  await prompt.getByLabel('Password').fill(OWNER.password);
  await prompt.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect.poll(() => prompt.locator('.desk-notice--error').count()).toBe(1);
  await prompt.getByLabel('Code from your authenticator app, or a recovery code').fill(await code(secret));
  await prompt.getByRole('button', { name: 'Confirm', exact: true }).click();
  const added = page.getByRole('form', { name: 'Add an account' }).getByText(/^The account kavita has been added as owner\./);
  await added.waitFor();
  expect(await prompt.count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Staff accounts, table' }).getByRole('rowheader').allTextContents()).toEqual([
    'owner (you)',
    'kavita',
  ]);
  expect(problems.filter((problem) => !/\b40[13]\b/.test(problem))).toEqual([]);
}, 180_000);
