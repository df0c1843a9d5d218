import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();

test('with no channel, the test notification says how to switch one on', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  const answer = await call('POST', '/admin/test-notification', { cookie: await logIn('owner') });
  expect(answer.status).toBe(400);
  expect(answer.json.message).toMatch(/Set SMTP_URL and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL/);
});
