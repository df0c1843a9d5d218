import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient } from '../helpers/adminClient';
import { expectNoAxeViolations } from '../helpers/axe';
import { VIEWPORTS } from '../helpers/deskPage';
import { ROOT } from '../helpers/server';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'owner pass phrase' };
const EDITOR = { username: 'lekha', password: 'lekha own phrase' };
// A content folder in which the MPCB page's first source was last checked over a year ago, in every
// language (a translation's checked dates follow the English).
const pagesDir = mkdtempSync(path.join(os.tmpdir(), 'sources-due-'));
cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
for (const file of ['mpcbnew.yaml', 'mr/mpcbnew.yaml', 'hi/mpcbnew.yaml']) {
  const at = path.join(pagesDir, file);
  writeFileSync(at, readFileSync(at, 'utf8').replace('    checked: 2026-11-26\n', '    checked: 2025-10-01\n'));
}
const staleLine = readFileSync(path.join(pagesDir, 'mpcbnew.yaml'), 'utf8').split('\n').indexOf('    checked: 2025-10-01') + 1;
afterAll(() => rmSync(pagesDir, { recursive: true, force: true }));
const site = useSite({
  env: { PAGES_DIR: pagesDir, ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: '127.0.0.1' },
});
const admin = adminClient(() => site.server);

beforeAll(async () => {
  await admin.addAccount((await admin.logIn(OWNER.username, OWNER.password)).cookie, EDITOR, 'editor');
});

test('an editor sees the page whose sources are due above the list, opens it and finds the warning at the line of the date', async () => {
  const { page, problems } = await site.open('/adminLogin');
  await page.getByLabel('Username').fill(EDITOR.username);
  await page.getByLabel('Password').fill(EDITOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/admin/pages');

  const due = page.getByRole('region', { name: 'Sources due (1)' });
  await due.waitFor();
  expect(await due.getByRole('listitem').allTextContents()).toEqual(['/mpcbnew · MPCB Consent (Pollution Control Licence)']);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `the list with sources due at ${viewport.width}px`);
  }

  await due.getByRole('link', { name: '/mpcbnew' }).click();
  await page.waitForURL('**/admin/pages/mpcbnew.yaml');
  const warning = page.getByRole('listitem').filter({ hasText: 'was more than 12 months ago; check this source again' });
  await expect.poll(() => warning.count(), { timeout: 20_000 }).toBe(1);
  // Said where the person sees it, with the exact line and column beside it.
  expect(await warning.getByRole('button').textContent()).toBe(`Show Source 1 › Checked on (line ${staleLine}, column 14)`);
  expect(await warning.textContent()).toContain('sources[0].checked');
  expect(problems).toEqual([]);
});
