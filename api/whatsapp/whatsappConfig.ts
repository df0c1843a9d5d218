/** Meta's Graph API, at the version this server was written and tested against (WHATSAPP_GRAPH_URL changes it). */
export const GRAPH_URL = 'https://graph.facebook.com/v23.0';

/** The firm's WhatsApp Business number on Meta's Cloud API (README, WhatsApp). */
export interface WhatsAppConfig {
  /** The number's id at Meta, which messages are sent from (WHATSAPP_PHONE_NUMBER_ID). */
  phoneNumberId: string;
  /** A system user's access token with whatsapp_business_messaging and whatsapp_business_management (WHATSAPP_TOKEN). */
  token: string;
  /** The Meta app's secret, which signs each webhook post (WHATSAPP_APP_SECRET). */
  appSecret: string;
  /** What Meta must send to verify the webhook's address (WHATSAPP_VERIFY_TOKEN). */
  verifyToken: string;
  /** The WhatsApp Business Account, whose templates' approval state the desk shows (WHATSAPP_BUSINESS_ACCOUNT_ID). */
  businessAccountId: string;
  /** The Graph API's address with its version, without a trailing slash (WHATSAPP_GRAPH_URL); tests point it at a fake. */
  graphUrl: string;
}

const REQUIRED = {
  WHATSAPP_PHONE_NUMBER_ID: 'phoneNumberId',
  WHATSAPP_TOKEN: 'token',
  WHATSAPP_APP_SECRET: 'appSecret',
  WHATSAPP_VERIFY_TOKEN: 'verifyToken',
  WHATSAPP_BUSINESS_ACCOUNT_ID: 'businessAccountId',
} as const;

/**
 * The connection, when every WHATSAPP_ variable it needs is set; undefined when none is (the desk
 * then keeps its wa.me links). Some without the others is a mistake the server refuses at start,
 * naming the missing ones, rather than half a connection that fails on the first message.
 */
export function readWhatsAppConfig(env: NodeJS.ProcessEnv): WhatsAppConfig | undefined {
  const names = Object.keys(REQUIRED) as (keyof typeof REQUIRED)[];
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length === names.length) {
    if (env.WHATSAPP_GRAPH_URL)
      throw new Error('WHATSAPP_GRAPH_URL is set but WhatsApp is not: set the other WHATSAPP_ variables too, or unset it.');
    return undefined;
  }
  if (missing.length)
    throw new Error(
      `WhatsApp is half set up: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Set every WHATSAPP_ variable the README lists, or none.`,
    );
  const ids = { phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!.trim(), businessAccountId: env.WHATSAPP_BUSINESS_ACCOUNT_ID!.trim() };
  for (const [name, value] of [
    ['WHATSAPP_PHONE_NUMBER_ID', ids.phoneNumberId],
    ['WHATSAPP_BUSINESS_ACCOUNT_ID', ids.businessAccountId],
  ] as const)
    if (!/^\d{5,30}$/.test(value)) throw new Error(`${name} must be the number's id as Meta shows it (digits only), not "${value}"`);
  const graphUrl = (env.WHATSAPP_GRAPH_URL?.trim() || GRAPH_URL).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(graphUrl);
  } catch {
    throw new Error(`WHATSAPP_GRAPH_URL must be an address such as ${GRAPH_URL}, not "${graphUrl}"`);
  }
  if (url.protocol !== 'https:' && !isLoopback(url.hostname))
    throw new Error('WHATSAPP_GRAPH_URL must be https: the token and every message would cross the network unencrypted.');
  return {
    ...ids,
    token: env.WHATSAPP_TOKEN!.trim(),
    appSecret: env.WHATSAPP_APP_SECRET!.trim(),
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!.trim(),
    graphUrl,
  };
}

/** A test's fake of the Graph API listens on this machine only. */
const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
