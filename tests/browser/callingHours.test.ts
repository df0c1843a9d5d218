import type { Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { logInOnPage, VIEWPORTS } from '../helpers/deskPage';
import { postJson } from '../helpers/storedData';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'calling hours owner' };
const site = useSite({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });

/** The desk on a phone, its clock fixed at a time in India, with the enquiry's card loaded. */
async function deskAt(time: string, name: string) {
  const sent = await postJson(new URL('/addcontactdata', site.url).href, { name, number: '9822054321', enquiry: 'other', consent: true });
  expect(sent.status).toBe(200);
  const { page, problems } = await site.open('/adminLogin', { viewport: VIEWPORTS[1] });
  await page.clock.setFixedTime(new Date(`2026-11-26T${time}:00+05:30`));
  await logInOnPage(page, OWNER);
  const card = page.getByRole('row').filter({ hasText: name });
  await expect.poll(() => card.count()).toBe(1);
  // The browser may not open wa.me here (no network); the tap is recorded all the same.
  await page.route('https://wa.me/**', (route) => route.fulfill({ status: 204 }));
  return { page, problems, card };
}

/** Taps a contact link, answering the question it asks (if any) and returning the question. */
async function tap(page: Page, link: ReturnType<Page['getByRole']>, answer: 'accept' | 'dismiss'): Promise<string | undefined> {
  let asked: string | undefined;
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog[answer]();
  });
  await link.click();
  return asked;
}

describe('the calling hours on the desk (09:30 to 18:00 in India, from _desk.yaml)', () => {
  test('at 20:15 Call and WhatsApp ask first; "Cancel" records nothing, going on records the attempt with its time', async () => {
    const { page, problems, card } = await deskAt('20:15', 'Ravi Pawar');
    const call = card.getByRole('link', { name: 'Call Ravi Pawar' });
    const asked = await tap(page, call, 'dismiss');
    expect(asked).toBe(
      'It is 20:15 in India, outside the calling hours of 09:30 to 18:00. Call Ravi Pawar anyway? Go on only if they asked to be contacted at this time; the attempt is recorded in the history with its time.',
    );
    await expectNoAxeViolations(page, 'the desk at 20:15 on a phone');
    // Nothing was recorded: the enquiry is still New.
    await page.reload();
    await expect.poll(() => card.getByRole('cell', { name: /New$/ }).count()).toBe(1);
    expect(await card.textContent()).not.toContain('Contacted');

    const whatsapp = card.getByRole('link', { name: 'WhatsApp Ravi Pawar (opens in a new tab)' });
    expect(await tap(page, whatsapp, 'accept')).toMatch(/^It is 20:15 in India, .* Message Ravi Pawar on WhatsApp anyway\?/);
    await expect.poll(() => card.getByRole('cell', { name: /Contacted$/ }).count(), { timeout: 20_000 }).toBe(1);
    await card.getByRole('link', { name: 'Ravi Pawar', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Ravi Pawar' }).waitFor();
    const history = await page.getByRole('article').getByRole('list').last().getByRole('listitem').allTextContents();
    // The attempt is in the history with who made it and when (the server's own time).
    expect(
      history.some((line) =>
        /^Messaged on WhatsApp( \(.+\))?(, outside the calling hours \(09:30–18:00\))? by owner, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m$/.test(
          line,
        ),
      ),
    ).toBe(true);
    expect(problems).toEqual([]);
  });

  test('at 11:00 WhatsApp goes ahead without asking', async () => {
    const { page, problems, card } = await deskAt('11:00', 'Meena Gaikwad');
    const whatsapp = card.getByRole('link', { name: 'WhatsApp Meena Gaikwad (opens in a new tab)' });
    expect(await tap(page, whatsapp, 'dismiss')).toBeUndefined();
    await expect.poll(() => card.getByRole('cell', { name: /Contacted$/ }).count(), { timeout: 20_000 }).toBe(1);
    expect(problems).toEqual([]);
  });
});
