import type { NotifyConfig } from './channels';

/**
 * What the log warns about at start: a notification that would cross the network unencrypted.
 * Each enquiry's name, phone and message travel in it, so it should be as private as the desk.
 */
export function channelWarnings(config: NotifyConfig): string[] {
  const warnings: string[] = [];
  if (config.webhookUrl?.startsWith('http:'))
    warnings.push('NOTIFY_WEBHOOK_URL is plain http: each enquiry would cross the network unencrypted. Use an https address.');
  if (config.smtpUrl && config.emailTo) {
    const url = new URL(config.smtpUrl);
    const tls = url.protocol === 'smtps:' || url.searchParams.get('requireTLS') === 'true';
    if (!tls)
      warnings.push(
        'SMTP_URL does not require TLS: an e-mail could be sent unencrypted if the server does not offer STARTTLS. Use smtps:// (port 465) or add ?requireTLS=true.',
      );
  }
  return warnings;
}
