import path from 'node:path';
import { expect, test } from 'vitest';
import { readConfig } from './config';

test('defaults for every setting', () => {
  const config = readConfig({});
  expect(config).toMatchObject({
    host: '0.0.0.0',
    port: 8000,
    dataDir: path.resolve('data'),
    siteUrl: 'http://localhost:8000',
    secureCookies: false,
    trustProxy: undefined,
    enquiryRateLimit: 10,
    enquiryRateWindowMs: 600_000,
    statusRateLimit: 10,
    databasePoolSize: 10,
    notifyPollMs: 5000,
    notifyRetryBaseMs: 30_000,
    retentionMs: 730 * 24 * 60 * 60 * 1000,
    retentionSweepMs: 60 * 60 * 1000,
    mfa: 'required',
    idleMs: 30 * 60 * 1000,
    visitRateLimit: 60,
    visitCaps: { originsPerDay: 100, rowsPerDay: 500 },
    visitKeepMonths: 25,
    secretsKey: undefined,
  });
});

test('the server backs up by itself only with a key; SECRETS_KEY must be a key', () => {
  expect(() => readConfig({ BACKUP_EVERY_HOURS: '24' })).toThrow(
    'BACKUP_EVERY_HOURS needs BACKUP_KEY: the server backs up by itself only into encrypted archives. Make a key with `openssl rand -hex 32`',
  );
  expect(readConfig({ BACKUP_EVERY_HOURS: '24', BACKUP_KEY: 'ab'.repeat(32) }).backup.everyMs).toBe(24 * 60 * 60 * 1000);
  expect(() => readConfig({ SECRETS_KEY: 'secret' })).toThrow('SECRETS_KEY must be 64 hexadecimal characters');
  expect(readConfig({ SECRETS_KEY: 'cd'.repeat(32) }).secretsKey?.check).toMatch(/^[0-9a-f]{16}$/);
  expect(readConfig({ VISIT_RATE_LIMIT: '0', VISIT_ORIGINS_PER_DAY: '20', VISIT_ROWS_PER_DAY: '40' })).toMatchObject({
    visitRateLimit: 0,
    visitCaps: { originsPerDay: 20, rowsPerDay: 40 },
  });
  expect(() => readConfig({ VISIT_ROWS_PER_DAY: '0' })).toThrow('VISIT_ROWS_PER_DAY must be a whole number of at least 1');
});

test('the second factor may be made optional, and nothing else', () => {
  expect(readConfig({ ADMIN_MFA: 'optional', ADMIN_IDLE_MINUTES: '5' })).toMatchObject({ mfa: 'optional', idleMs: 300_000 });
  expect(() => readConfig({ ADMIN_MFA: 'off' })).toThrow('ADMIN_MFA must be required or optional, not "off"');
});

test('the retention settings take fractions, so a test can keep data for seconds', () => {
  const config = readConfig({ RETENTION_DAYS: '0.0001', RETENTION_SWEEP_MINUTES: '0.05' });
  expect(config.retentionMs).toBeCloseTo(8640, 6);
  expect(config.retentionSweepMs).toBeCloseTo(3000, 6);
});

test('reads what is set; an https SITE_URL makes cookies Secure; a trailing slash is dropped', () => {
  const config = readConfig({
    PORT: '0',
    SITE_URL: 'https://firm.example/',
    TRUST_PROXY: '127.0.0.1',
    ENQUIRY_RATE_LIMIT: '0',
    DATABASE_URL: 'postgres://x',
  });
  expect(config).toMatchObject({
    port: 0,
    siteUrl: 'https://firm.example',
    secureCookies: true,
    enquiryRateLimit: 0,
    databaseUrl: 'postgres://x',
  });
  expect(config.trustProxy?.check('127.0.0.1', 'ipv4')).toBe(true);
});

test.each([
  ['PORT', 'eighty', /PORT must be a whole number of at least 0/],
  ['ENQUIRY_RATE_WINDOW_MINUTES', '0', /ENQUIRY_RATE_WINDOW_MINUTES must be a whole number of at least 1/],
  ['TRUST_PROXY', 'true', /TRUST_PROXY must list the addresses/],
  ['RETENTION_DAYS', '0', /RETENTION_DAYS must be a number greater than 0/],
  ['RETENTION_DAYS', '-5', /RETENTION_DAYS must be a number greater than 0/],
  ['RETENTION_DAYS', 'two years', /RETENTION_DAYS must be a number greater than 0/],
  ['RETENTION_SWEEP_MINUTES', '1e3', /RETENTION_SWEEP_MINUTES must be a number greater than 0/],
])('a bad %s stops the start with a message naming it', (name, value, message) => {
  expect(() => readConfig({ [name]: value })).toThrow(message);
});

test('WhatsApp is connected with every WHATSAPP_ variable, and refused half set up', () => {
  expect(readConfig({}).whatsapp).toBeUndefined();
  const all = {
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_TOKEN: 'token',
    WHATSAPP_APP_SECRET: 'secret',
    WHATSAPP_VERIFY_TOKEN: 'verify',
    WHATSAPP_BUSINESS_ACCOUNT_ID: '102290129340398',
  };
  expect(readConfig(all).whatsapp).toEqual({
    phoneNumberId: '106540352242922',
    businessAccountId: '102290129340398',
    token: 'token',
    appSecret: 'secret',
    verifyToken: 'verify',
    graphUrl: 'https://graph.facebook.com/v23.0',
  });
  expect(() => readConfig({ ...all, WHATSAPP_APP_SECRET: '' })).toThrow('WhatsApp is half set up: WHATSAPP_APP_SECRET is missing.');
  expect(() => readConfig({ ...all, WHATSAPP_PHONE_NUMBER_ID: '+91 240 660 0000' })).toThrow('WHATSAPP_PHONE_NUMBER_ID must be');
  expect(() => readConfig({ ...all, WHATSAPP_GRAPH_URL: 'http://graph.example/v23.0' })).toThrow('WHATSAPP_GRAPH_URL must be https');
  expect(readConfig({ ...all, WHATSAPP_GRAPH_URL: 'http://127.0.0.1:4000/v23.0/' }).whatsapp?.graphUrl).toBe('http://127.0.0.1:4000/v23.0');
  expect(() => readConfig({ WHATSAPP_GRAPH_URL: 'http://127.0.0.1:4000' })).toThrow('WHATSAPP_GRAPH_URL is set but WhatsApp is not');
});

test('the link check runs every LINK_CHECK_HOURS hours on a live site only, never where SITE_URL is unset or names this machine', () => {
  expect(readConfig({ SITE_URL: 'https://firm.example' }).linkCheckMs).toBe(24 * 60 * 60 * 1000);
  expect(readConfig({ SITE_URL: 'https://firm.example', LINK_CHECK_HOURS: '168' }).linkCheckMs).toBe(168 * 60 * 60 * 1000);
  for (const siteUrl of [undefined, 'http://localhost:8000', 'http://127.0.0.1:8000', 'http://[::1]:8000', 'http://site.localhost'])
    expect(readConfig({ SITE_URL: siteUrl, LINK_CHECK_HOURS: '1' }).linkCheckMs).toBeUndefined();
  expect(() => readConfig({ SITE_URL: 'https://firm.example', LINK_CHECK_HOURS: '0' })).toThrow(
    'LINK_CHECK_HOURS must be a number greater than 0',
  );
});
