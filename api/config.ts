import type { BlockList } from 'node:net';
import path from 'node:path';
import { siteUrlFrom } from '../src/shared/builtSite';
import { parseTrustedProxies } from './http/clientAddress';
import type { NotifyConfig } from './notify/channels';
import { SecretsKey } from './secrets/secretsKey';
import type { VisitCaps } from './store/VisitStore';
import { readWhatsAppConfig, type WhatsAppConfig } from './whatsapp/whatsappConfig';

/** Every setting the server reads, from the environment, with its default. docs/configuration.md lists them. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** The content folder the site is built from (PAGES_DIR). */
  pagesDir: string;
  staticDir: string;
  siteUrl: string;
  /** The proxies whose X-Forwarded-For is believed (TRUST_PROXY); none when undefined. */
  trustProxy: BlockList | undefined;
  /** True when SITE_URL is https: cookies are then Secure and carry the __Host- prefix, whatever a proxy says. */
  secureCookies: boolean;
  /** Enquiry POSTs allowed per IP in each window; 0 turns the limit off. */
  enquiryRateLimit: number;
  enquiryRateWindowMs: number;
  /** Status page look-ups allowed per client in each window of enquiryRateWindowMs; 0 turns the limit off. */
  statusRateLimit: number;
  /** When set, the store is this PostgreSQL database instead of the JSON files. */
  databaseUrl?: string;
  databasePoolSize: number;
  /** Notification settings; a channel is on when its address is set. */
  notify: NotifyConfig;
  notifyPollMs: number;
  /** How often an instance looks for pages another instance published (PAGES_POLL_SECONDS). */
  pagesPollMs: number;
  /** How long an editor's content check may run before it is stopped (CONTENT_CHECK_SECONDS). */
  contentCheckMs: number;
  /** How often counted visits are written (VISIT_FLUSH_SECONDS): a crash loses at most this much of the counts. */
  visitFlushMs: number;
  /** Page views counted per client (IPv6: per /64) in a minute (VISIT_RATE_LIMIT); 0 turns the limit off. */
  visitRateLimit: number;
  /** What a day of visit counts may hold beyond its pages (VISIT_ORIGINS_PER_DAY, VISIT_ROWS_PER_DAY). */
  visitCaps: VisitCaps;
  /** How many months of visit counts are kept before the current one (VISIT_KEEP_MONTHS). */
  visitKeepMonths: number;
  notifyRetryBaseMs: number;
  /** How long an enquiry or privacy request is kept after its last activity (RETENTION_DAYS). */
  retentionMs: number;
  /** How often the retention sweep runs (RETENTION_SWEEP_MINUTES). */
  retentionSweepMs: number;
  /** `required`: every account must have a second factor before it can do anything (ADMIN_MFA). */
  mfa: 'required' | 'optional';
  /** A session ends after this long without a request (ADMIN_IDLE_MINUTES). */
  idleMs: number;
  /** The key secrets are sealed with at rest (SECRETS_KEY); without it, DATA_DIR/secrets.key, made on the first start. */
  secretsKey: SecretsKey | undefined;
  backup: BackupConfig;
  /** The firm's WhatsApp Business number on the Cloud API, when every WHATSAPP_ variable is set. */
  whatsapp: WhatsAppConfig | undefined;
  /** How often the server checks every address the content names (LINK_CHECK_HOURS); never while SITE_URL is unset or names this machine. */
  linkCheckMs: number | undefined;
}

export interface BackupConfig {
  /** Where `npm run backup` writes its archives (BACKUP_DIR). */
  dir: string;
  /** AES-256 key the archives are encrypted with (BACKUP_KEY); unencrypted without one. */
  key: Buffer | undefined;
  /** How many archives are kept; older ones are deleted (BACKUP_KEEP). */
  keep: number;
  /** The server backs up by itself this often (BACKUP_EVERY_HOURS); never when undefined. */
  everyMs: number | undefined;
  /** An empty database a PostgreSQL archive is unpacked into on its way to DATA_DIR (RESTORE_VIA_DATABASE_URL). */
  restoreVia: string | undefined;
}

function backupKey(raw: string | undefined): Buffer | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(raw.trim()))
    throw new Error('BACKUP_KEY must be 64 hexadecimal characters (32 bytes), as `openssl rand -hex 32` prints.');
  return Buffer.from(raw.trim(), 'hex');
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return value;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A positive number, fractions allowed, so a test can keep data for seconds rather than days. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || !/^\s*\d*\.?\d+\s*$/.test(raw))
    throw new Error(`${name} must be a number greater than 0, such as 730 or 0.5, not "${raw}"`);
  return value;
}

/** One of `allowed`; the first is the default. */
function choice<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly [T, ...T[]]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return allowed[0];
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`${name} must be ${allowed.join(' or ')}, not "${raw}"`);
  return raw as T;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, defaultStaticDir = 'dist/client'): Config {
  return {
    host: env.HOST || '0.0.0.0',
    port: integer(env, 'PORT', 8000),
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    pagesDir: path.resolve(env.PAGES_DIR || 'pages-data'),
    staticDir: path.resolve(env.STATIC_DIR || defaultStaticDir),
    siteUrl: siteUrlFrom(env),
    trustProxy: parseTrustedProxies(env.TRUST_PROXY),
    secureCookies: siteUrlFrom(env).startsWith('https:'),
    enquiryRateLimit: integer(env, 'ENQUIRY_RATE_LIMIT', 10),
    enquiryRateWindowMs: integer(env, 'ENQUIRY_RATE_WINDOW_MINUTES', 10, 1) * 60_000,
    statusRateLimit: integer(env, 'STATUS_RATE_LIMIT', 10),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1),
    notify: {
      siteUrl: siteUrlFrom(env),
      smtpUrl: env.SMTP_URL || undefined,
      emailTo: env.NOTIFY_EMAIL_TO || undefined,
      emailFrom: env.NOTIFY_EMAIL_FROM || undefined,
      webhookUrl: env.NOTIFY_WEBHOOK_URL || undefined,
      webhookSecret: env.NOTIFY_WEBHOOK_SECRET || undefined,
      acknowledge: env.NOTIFY_ACKNOWLEDGE === '1',
    },
    notifyPollMs: integer(env, 'NOTIFY_POLL_SECONDS', 5, 1) * 1000,
    pagesPollMs: integer(env, 'PAGES_POLL_SECONDS', 3, 1) * 1000,
    contentCheckMs: positive(env, 'CONTENT_CHECK_SECONDS', 10) * 1000,
    visitFlushMs: integer(env, 'VISIT_FLUSH_SECONDS', 5, 1) * 1000,
    visitRateLimit: integer(env, 'VISIT_RATE_LIMIT', 60),
    visitCaps: { originsPerDay: integer(env, 'VISIT_ORIGINS_PER_DAY', 100, 1), rowsPerDay: integer(env, 'VISIT_ROWS_PER_DAY', 500, 1) },
    visitKeepMonths: integer(env, 'VISIT_KEEP_MONTHS', 25, 1),
    notifyRetryBaseMs: integer(env, 'NOTIFY_RETRY_SECONDS', 30, 1) * 1000,
    retentionMs: positive(env, 'RETENTION_DAYS', 730) * DAY_MS,
    retentionSweepMs: positive(env, 'RETENTION_SWEEP_MINUTES', 60) * 60_000,
    mfa: choice(env, 'ADMIN_MFA', ['required', 'optional']),
    idleMs: positive(env, 'ADMIN_IDLE_MINUTES', 30) * 60_000,
    secretsKey: env.SECRETS_KEY ? SecretsKey.fromHex(env.SECRETS_KEY, 'SECRETS_KEY') : undefined,
    backup: backupConfig(env),
    whatsapp: readWhatsAppConfig(env),
    linkCheckMs: linkCheckEvery(env),
  };
}

/**
 * The link check fetches the government sites the pages cite: a site that is not live (no
 * SITE_URL, or one on this machine: a developer's or a test's server) never reaches outside it.
 */
function linkCheckEvery(env: NodeJS.ProcessEnv): number | undefined {
  if (!env.SITE_URL) return undefined;
  const host = new URL(siteUrlFrom(env)).hostname;
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host.startsWith('127.')) return undefined;
  return positive(env, 'LINK_CHECK_HOURS', 24) * 60 * 60 * 1000;
}

function backupConfig(env: NodeJS.ProcessEnv): BackupConfig {
  const key = backupKey(env.BACKUP_KEY);
  const everyMs = env.BACKUP_EVERY_HOURS ? positive(env, 'BACKUP_EVERY_HOURS', 24) * 60 * 60 * 1000 : undefined;
  // The server's own backups run unattended, so nobody would see that they are written in clear.
  if (everyMs !== undefined && !key)
    throw new Error(
      'BACKUP_EVERY_HOURS needs BACKUP_KEY: the server backs up by itself only into encrypted archives. Make a key with `openssl rand -hex 32`, keep it apart from the backups (in the owners’ password manager), and set BACKUP_KEY to it.',
    );
  return {
    dir: path.resolve(env.BACKUP_DIR || 'backups'),
    key,
    keep: integer(env, 'BACKUP_KEEP', 14, 1),
    everyMs,
    restoreVia: env.RESTORE_VIA_DATABASE_URL || undefined,
  };
}
