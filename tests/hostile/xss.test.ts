import { readFileSync } from 'node:fs';
import type { Page } from 'playwright';
import { expect, test } from 'vitest';
import { csvCell } from '../../src/admin/csv';
import { postJson } from '../helpers/storedData';
import { useSite } from '../helpers/site';
import { FORMS, MARKUP_PAYLOADS } from './corpus';

const ADMIN = { username: 'owner', password: 'xss-suite-pass' };
const site = useSite({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
const TRAP = '<img src=x onerror="window.__ran=(window.__ran||0)+1">';
const PAYLOADS = [...MARKUP_PAYLOADS, TRAP];

/** Each text field of each form, holding each payload; e-mail holds formula-like text, the only markup an address can carry. */
const CASES = Object.entries(FORMS).flatMap(([kind, form]) =>
  form.textFields.map((field) => ({
    kind: kind as 'about' | 'contact',
    field,
    values: field === 'email' ? ['=cmd@evil.example', '+1@example.in', '-2@example.in'] : PAYLOADS,
  })),
);

async function exportTable(page: Page, title: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('region', { name: title, exact: true }).getByRole('button', { name: 'Export CSV' }).click();
  return readFileSync(await (await download).path(), 'utf8');
}

test('every text field: stored markup shows as inert text in the admin tables and in the CSV', async () => {
  const stored: { kind: 'about' | 'contact'; value: string }[] = [];
  for (const { kind, field, values } of CASES) {
    for (const value of values) {
      const form = FORMS[kind];
      const response = await postJson(new URL(form.path, site.url).href, { ...form.valid, [field]: value });
      expect(response.status, `${kind}.${field} = ${value}`).toBe(200);
      stored.push({ kind, value });
    }
  }

  const { page } = await site.open('/adminLogin');
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/table');
  await page.getByRole('cell', { name: TRAP, exact: true }).first().waitFor();

  const cells = await page.locator('td').allTextContents();
  for (const { value } of stored) expect(cells, `a cell showing ${value}`).toContain(value);
  expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
  expect(await page.locator('main img, main script, main iframe, main svg a').count()).toBe(0);
  expect(dialogs).toBe(0);

  const csv = { contact: await exportTable(page, 'Contact Us Data'), about: await exportTable(page, 'About Form Data') };
  for (const { kind, value } of stored) expect(csv[kind], `the CSV cell for ${value}`).toContain(csvCell(value));
  for (const text of Object.values(csv)) expect(text).not.toMatch(/(^|,)[=+@-]/m);
});
