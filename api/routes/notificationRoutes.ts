import type { ServerContext } from '../context';
import { Hono } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { limitBody } from '../middleware/jsonBody';
import { deskReady, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';

/** "Send test notification": one sample through every configured channel, with what each said. */
export function notificationRoutes({ store, config, clock, outbox }: ServerContext) {
  return new Hono<SessionEnv>().post(
    ADMIN_API.testNotification,
    limitBody,
    ...deskReady(store, config, clock),
    sameOriginJson(config.siteUrl),
    async (c) => {
      if (outbox.channels.length === 0) {
        return c.json(
          {
            message: 'No notification channel is set up. Set SMTP_URL and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL, and restart the server.',
          },
          400,
        );
      }
      const results = await outbox.test();
      const summary = Object.entries(results)
        .map(([channel, result]) => `${channel === 'email' ? 'E-mail' : 'Webhook'}: ${result}`)
        .join('. ');
      return c.json({ message: `${summary}.`, results }, Object.values(results).every((result) => result === 'sent') ? 200 : 502);
    },
  );
}
