import nodemailer from 'nodemailer';
import { formatIndiaTime } from '../../src/shared/indiaTime';
import type { NotifyConfig } from './channels';

/** A change to how an account signs in: whose account, what changed, who changed it, when (ms). */
export interface SecurityChange {
  username: string;
  change: string;
  by: string;
  at: number;
}

export type SecurityNotice = (change: SecurityChange) => Promise<void>;

/**
 * Tells the firm's owners, at NOTIFY_EMAIL_TO through SMTP_URL, when an account's second factors
 * change: a stolen session or password that replaced them is then seen the same day. Without
 * e-mail set up it does nothing (the audit log has every change). Sent once, at once; a failure
 * is logged (without the message) and does not undo or hold up the change.
 */
export function securityNotices(config: NotifyConfig, log: (fields: Record<string, unknown>) => void): SecurityNotice {
  const transport = config.smtpUrl && config.emailTo ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return async ({ username, change, by, at }) => {
    if (!transport) return;
    const text = [
      `The sign-in security of the desk account "${username}" changed on ${formatIndiaTime(new Date(at).toISOString())} (India time): ${change}, by ${by}.`,
      'Every other session of the account has been signed out.',
      '',
      'If nobody at the firm made this change, sign in as an owner at once, remove the account’s second factors under Staff accounts, change its password (npm run admin:password) and read the audit log.',
      '',
      `${config.siteUrl}/table`,
    ].join('\n');
    try {
      await transport.sendMail({
        from: config.emailFrom ?? config.emailTo,
        to: config.emailTo,
        subject: `Sign-in security changed for ${username}`,
        text,
      });
    } catch (error) {
      log({ level: 'error', msg: 'could not send the notice of a sign-in security change', error: (error as Error).message });
    }
  };
}
