import { afterAll, expect, test } from 'vitest';
import { startWebhookReceiver } from '../helpers/receivers';
import { postJson } from '../helpers/storedData';
import { useSite } from '../helpers/site';

const receiver = await startWebhookReceiver();
const site = useSite({
  env: { NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_POLL_SECONDS: '1', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'status-pass' },
});
afterAll(() => receiver.down());

test("the admin sees each enquiry's notification status and can send a test notification", async () => {
  expect(
    (
      await postJson(new URL('/addcontactdata', site.url).href, {
        name: 'Status Check',
        number: '9876543210',
        enquiry: 'other',
        consent: true,
      })
    ).status,
  ).toBe(200);
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);

  const { page, problems } = await site.open('/adminLogin');
  await page.getByLabel('Username').fill('owner');
  await page.getByLabel('Password').fill('status-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/table');
  await page.getByRole('link', { name: 'Status Check', exact: true }).click();
  const enquiry = page.getByRole('article');
  await expect.poll(() => enquiry.textContent()).toContain('Webhook: delivered');

  await page.getByRole('button', { name: 'Send test notification' }).click();
  await expect.poll(() => page.getByText('Webhook: sent.').isVisible()).toBe(true);
  expect(receiver.received).toHaveLength(2);
  expect((JSON.parse(receiver.received[1]!.body) as { enquiry: { name: string } }).enquiry.name).toBe('Test notification');
  expect(problems).toEqual([]);
});
