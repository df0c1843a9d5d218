import { expect, test } from 'vitest';
import { totpCode } from '../../api/auth/totpCodes';
import { expectNoAxeViolations } from '../helpers/axe';
import { addPasskey, MFA_OWNER, useMfaSite } from '../helpers/mfaSite';

const OWNER = MFA_OWNER;
const site = useMfaSite();

test('ADMIN_MFA=required: the owner sets up an authenticator app and a passkey, then signs in with a code, with the passkey, and once with a recovery code', async () => {
  const { page, problems } = await site.openLogin();
  const signIn = async (code?: string) => {
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    if (code === undefined) return;
    const field = page.getByLabel('Code from your authenticator app, or a recovery code');
    await field.waitFor();
    await field.fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  };
  const logOut = async () => {
    await page.getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/adminLogin');
  };

  // First sign-in: nothing but setting up a second factor is offered.
  await signIn();
  await page.waitForURL('**/table');
  await page.getByRole('heading', { level: 1, name: 'Sign-in security' }).waitFor();
  expect(await page.getByText(/second way to prove it is you/).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Enquiries' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const qr = page.getByRole('img', { name: 'QR code to set up your authenticator app' });
  await qr.waitFor();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const secret = (await page.locator('.security-key').textContent())!;
  await expectNoAxeViolations(page, 'setting up an authenticator app');
  await page.getByLabel('Code from the app').fill(await totpCode(secret, Date.now()));
  await page.getByRole('button', { name: 'Confirm the app' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect.poll(() => codes.count()).toBe(10);
  const recoveryCode = (await codes.first().textContent())!;
  await page.getByRole('button', { name: 'I have kept these codes' }).click();
  await page.getByRole('link', { name: 'Enquiries' }).waitFor();

  // A passkey, made by Chromium's virtual authenticator.
  await addPasskey(page, 'Office laptop');
  expect(await page.getByText('The passkey "Office laptop" has been added.', { exact: false }).isVisible()).toBe(true);
  await logOut();

  // Password, then the code as a second step; a wrong code is refused first.
  await signIn('000000');
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/not right, or has been used already/);
  await expectNoAxeViolations(page, 'the sign-in code step');
  await page.getByLabel('Code from your authenticator app, or a recovery code').fill(await totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/table');
  await page.getByText('Logged in as owner (owner).').waitFor();
  await logOut();

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL('**/table');
  await page.getByText('Logged in as owner (owner).').waitFor();
  await logOut();

  await signIn(recoveryCode);
  await page.waitForURL('**/table');
  await logOut();
  await signIn(recoveryCode);
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/not right, or has been used already/);
  expect(problems.filter((problem) => !/\b40[13]\b/.test(problem))).toEqual([]);
});
