import { expect, test } from 'vitest';
import { totpCode } from '../../api/auth/totpCodes';
import { expectNoAxeViolations } from '../helpers/axe';
import { addPasskey, MFA_OWNER, setUpAuthenticatorApp, useMfaSite } from '../helpers/mfaSite';

const OWNER = MFA_OWNER;
const site = useMfaSite();

test('with a second factor, the login page’s resets are refused on the password alone and made with a code or a passkey; Sign-in security asks again before a change', async () => {
  const { page, problems } = await site.openLogin();
  const alert = () => page.getByRole('alert').textContent();
  const codeField = page.getByLabel('Code from your authenticator app, or a recovery code');

  // The owner signs in and sets up an authenticator app and a passkey (Chromium's virtual authenticator).
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const { secret, codes } = await setUpAuthenticatorApp(page);
  const [firstCode, secondCode] = [codes[0]!, codes[1]!];
  await page.getByRole('button', { name: 'I have kept these codes' }).click();
  await addPasskey(page, 'Office laptop');
  await page.getByRole('button', { name: 'LOG OUT' }).click();
  await page.waitForURL('**/adminLogin');

  // Reset password: the password alone brings the code field, a wrong code is refused, the right one changes it.
  await page.getByRole('link', { name: 'Reset password' }).click();
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Current password').fill(OWNER.password);
  await page.getByLabel('New password', { exact: true }).fill('a newer phrase for the desk');
  await page.getByLabel('Confirm new password').fill('a newer phrase for the desk');
  await page.getByRole('button', { name: 'Change password' }).click();
  await codeField.waitFor();
  expect(await alert()).toBe('Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
  expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('a newer phrase for the desk');
  await expectNoAxeViolations(page, 'a reset asking for the second factor');
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect.poll(alert).toMatch(/not right, or has been used already/);
  await codeField.fill(await totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect.poll(alert).toBe('Your password has been changed. Log in with the new password.');

  // Reset username: the passkey stands in for the code.
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await page.getByRole('link', { name: 'Reset username' }).click();
  await page.getByLabel('Current username').fill(OWNER.username);
  await page.getByLabel('Current password').fill('a newer phrase for the desk');
  await page.getByLabel('New username', { exact: true }).fill('owner.v');
  await page.getByLabel('Confirm new username').fill('owner.v');
  await page.getByRole('button', { name: 'Change username' }).click();
  await codeField.waitFor();
  await page.getByRole('button', { name: 'Use a passkey instead of a code' }).click();
  await expect.poll(alert).toBe('Your username has been changed. Log in with the new username.');

  // Signed in with the passkey alone, the account must give its password and a code before changing how it signs in.
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL('**/table');
  await page.getByText('Logged in as owner.v (owner).').waitFor();
  await page.getByRole('link', { name: 'Sign-in security' }).click();
  await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
  expect(await page.getByRole('button', { name: 'Make new recovery codes' }).count()).toBe(0);
  await expectNoAxeViolations(page, 'confirming it is you before a change');
  await page.getByLabel('Password', { exact: true }).fill('a newer phrase for the desk');
  await page.getByLabel('Code from your authenticator app, or a recovery code').fill(firstCode);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByText('Confirmed. For the next 5 minutes you can change how this account signs in.').waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect.poll(() => page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
  await page.getByRole('button', { name: 'I have kept these codes' }).click();
  await page.getByRole('button', { name: 'LOG OUT' }).click();
  await page.waitForURL('**/adminLogin');

  // The old recovery codes went with the new ones.
  await page.getByLabel('Username').fill('owner.v');
  await page.getByLabel('Password').fill('a newer phrase for the desk');
  await page.getByRole('button', { name: 'Log in' }).click();
  await codeField.fill(secondCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect.poll(alert).toMatch(/not right, or has been used already/);
  expect(problems.filter((problem) => !/\b40[13]\b/.test(problem))).toEqual([]);
});
