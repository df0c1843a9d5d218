import { expect, test } from 'vitest';
import { useSite } from '../helpers/site';

const site = useSite({ env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'logout-check-1' } });

test('log out says so when the server did not confirm it, and keeps the desk open', async () => {
  const { page } = await site.open('/adminLogin');
  await page.getByLabel('Username').fill('owner');
  await page.getByLabel('Password').fill('logout-check-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText(/^Logged in as /).waitFor();
  await site.server.stop();
  await page.getByRole('button', { name: 'LOG OUT' }).click();
  await expect.poll(() => page.getByText(/^You have not been logged out: The server could not be reached/).isVisible()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/table');
});
