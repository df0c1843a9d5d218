import { expect, test } from 'vitest';
import { channelWarnings } from './channelWarnings';

const base = { siteUrl: 'https://firm.example' };

test('plain-http webhooks and SMTP without TLS are warned about; encrypted ones are not', () => {
  expect(channelWarnings({ ...base, webhookUrl: 'http://hooks.example/x' })).toEqual([
    expect.stringContaining('NOTIFY_WEBHOOK_URL is plain http'),
  ]);
  expect(channelWarnings({ ...base, smtpUrl: 'smtp://u:p@mail.example:587', emailTo: 'a@b.in' })).toEqual([
    expect.stringContaining('SMTP_URL does not require TLS'),
  ]);
  expect(
    channelWarnings({
      ...base,
      webhookUrl: 'https://hooks.example/x',
      smtpUrl: 'smtp://u:p@mail.example:587?requireTLS=true',
      emailTo: 'a@b.in',
    }),
  ).toEqual([]);
  expect(channelWarnings({ ...base, smtpUrl: 'smtps://u:p@mail.example', emailTo: 'a@b.in' })).toEqual([]);
  expect(channelWarnings(base)).toEqual([]);
});
