import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { csvCell } from '../../src/shared/csv';
import { postJson } from '../helpers/storedData';
import { useSite } from '../helpers/site';
import { FORMS, MARKUP_PAYLOADS } from './corpus';

const ADMIN = { username: 'owner', password: 'xss-suite-pass' };
const site = useSite({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
const TRAP = '<img src=x onerror="window.__ran=(window.__ran||0)+1">';
const PAYLOADS = [...MARKUP_PAYLOADS, TRAP];
/** An e-mail address can carry no markup, but it can start like a spreadsheet formula. */
const FORMULA_EMAILS = ['=cmd@evil.example', '+1@example.in', '-2@example.in'];

/** One enquiry per form and payload, with the payload in every text field of that form. */
const RECORDS = (['contact', 'about'] as const).flatMap((kind) =>
  PAYLOADS.map((payload, index) => {
    const form = FORMS[kind];
    const values = Object.fromEntries(form.textFields.map((field) => [field, field === 'email' ? FORMULA_EMAILS[index % 3]! : payload]));
    return { kind, body: { ...form.valid, ...values }, values: Object.values(values) };
  }),
);

test('every text field: stored markup shows as inert text in the desk, in each enquiry, and in the CSV', async () => {
  for (const { kind, body } of RECORDS) expect((await postJson(new URL(FORMS[kind].path, site.url).href, body)).status).toBe(200);

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
  const list = page.getByRole('region', { name: 'All enquiries, table' });
  await list.getByRole('link', { name: TRAP, exact: true }).first().waitFor();

  // The list shows each name as the text of a link.
  const names = await list.getByRole('link').allTextContents();
  for (const payload of PAYLOADS) expect(names.filter((name) => name === payload)).toHaveLength(2);

  // Each enquiry, opened, shows every answer as text.
  for (let index = 0; index < RECORDS.length; index++) {
    await list
      .getByRole('row')
      .nth(index + 1)
      .getByRole('link')
      .first()
      .click();
    const answers = page.locator('.desk-enquiry__answers dd');
    await answers.first().waitFor();
    const shown = await answers.allTextContents();
    const record = RECORDS.find(({ values }) => values.every((value) => shown.includes(value)));
    expect(record, `enquiry ${index + 1} shows its answers as text: ${shown.join(' | ')}`).toBeDefined();
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await list.waitFor();
  }
  expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
  expect(await page.locator('main img, main script, main iframe, main svg a').count()).toBe(0);
  expect(dialogs).toBe(0);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Export CSV/ }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  for (const { values } of RECORDS) for (const value of values) expect(csv, `the CSV cell for ${value}`).toContain(csvCell(value));
  expect(csv).not.toMatch(/(^|,)[=+@-]/m);
}, 120_000);
