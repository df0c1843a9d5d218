import nodemailer from 'nodemailer';
import { formatIndiaTime } from '../../src/shared/indiaTime';
import type { Store } from '../store/Store';
import type { NotifyConfig } from './channels';

/**
 * A change of who can get in, and how: to an account's second factors (`factors`), or to the
 * accounts themselves (`account`: one added, its role or e-mail changed, one removed). Whose
 * account, what changed, who changed it, from which client address, when (ms).
 */
export interface SecurityChange {
  kind: 'factors' | 'account';
  username: string;
  change: string;
  by: string;
  from: string;
  at: number;
  /** The changed account's own address before the change, told too: an owner removed or demoted, or the old address of a changed one, is no longer among the owners' addresses. */
  alsoTo?: string | null;
}

export type SecurityNotice = (change: SecurityChange) => Promise<void>;

/** The owners' own addresses (each owner's e-mail on Staff accounts), read when a notice goes. */
export const ownerAddresses = (store: Store) => async () =>
  (await store.accounts.list()).flatMap((account) => (account.role === 'owner' && account.email ? [account.email] : []));

/**
 * Tells the firm (NOTIFY_EMAIL_TO) and every owner with an e-mail address, through SMTP_URL,
 * when an account's second factors or the accounts themselves change: a stolen session or
 * password that made itself a way in is then seen the same day, by whoever it did not reach.
 * Without SMTP set up it does nothing (the audit log has every change). Sent once, at once; a
 * failure is logged (without the message) and does not undo or hold up the change.
 */
export function securityNotices(
  config: NotifyConfig,
  owners: () => Promise<string[]>,
  log: (fields: Record<string, unknown>) => void,
): SecurityNotice {
  const from = config.emailFrom ?? config.emailTo;
  const transport = config.smtpUrl && from ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return async ({ kind, username, change, by, from: address, at, alsoTo }) => {
    if (!transport) return;
    try {
      const to = [...new Set([...(config.emailTo ? [config.emailTo] : []), ...(await owners()), ...(alsoTo ? [alsoTo] : [])])];
      if (to.length === 0) return;
      const when = `${formatIndiaTime(new Date(at).toISOString())} (India time)`;
      const text = [
        kind === 'factors'
          ? `The sign-in security of the desk account "${username}" changed on ${when}: ${change}, by ${by} from ${address}.`
          : `The desk account "${username}" changed on ${when}: ${change}, by ${by} from ${address}.`,
        ...(kind === 'factors' ? ['Every other session of the account has been signed out.'] : []),
        '',
        kind === 'factors'
          ? 'If nobody at the firm made this change, sign in as an owner at once, remove the account’s second factors under Staff accounts, change its password (npm run admin:password) and read the audit log.'
          : `If nobody at the firm made this change, sign in as an owner at once, undo it under Staff accounts, change the password of ${by} (npm run admin:password) and read the audit log.`,
        '',
        `${config.siteUrl}/table`,
      ].join('\n');
      await transport.sendMail({
        from,
        to,
        subject: kind === 'factors' ? `Sign-in security changed for ${username}` : `Desk account changed: ${username}`,
        text,
      });
    } catch (error) {
      log({ level: 'error', msg: 'could not send the notice of a security change', error: (error as Error).message });
    }
  };
}
