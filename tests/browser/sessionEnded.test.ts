import path from 'node:path';
import { expect, test } from 'vitest';
import { adminClient } from '../helpers/adminClient';
import { ROOT } from '../helpers/server';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'owner pass phrase' };
// The server only reads its content folder: the checkout's own serves, and stays as it was.
const site = useSite({
  env: { PAGES_DIR: path.join(ROOT, 'pages-data'), ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password },
});
const admin = adminClient(() => site.server);

async function signIn(page: Awaited<ReturnType<typeof site.open>>['page']) {
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a session that ends while a page is open in the editor leads to the sign-in, and back to the same page after it', async () => {
  const { page } = await site.open('/adminLogin');
  await signIn(page);
  await page.getByText(/^Logged in as /).waitFor();
  await page.goto(`${site.server.url}/admin/pages/clcss.yaml`);
  await page.getByRole('button', { name: 'YAML text' }).click();
  await page.locator('.cm-content').focus();
  await page.keyboard.press('Control+Home');

  // The session ends on the server (signed out from another device), while the screen stays open.
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  expect((await admin.request('POST', '/admin/logout', { body: {}, cookie })).status).toBe(200);

  // The screen's next call is refused: the change typed (the first line made a comment), or the
  // editor's own look for others' changes if that comes first (the keys then land on the sign-in,
  // whose fields are filled below; no Enter, so nothing is sent there), and the person is asked to
  // sign in again, told why.
  await page.keyboard.type('# checked again ');
  await page.waitForURL('**/adminLogin?next=*', { timeout: 20_000 });
  await page.getByText('Your session has ended. Sign in again to carry on where you were.').waitFor();

  // Signed in again, they are back on the page they were editing.
  await signIn(page);
  await page.waitForURL('**/admin/pages/clcss.yaml');
  await page.getByRole('button', { name: 'YAML text' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin/pages/clcss.yaml');
});
