import { systemClock, type Clock } from '../clock';
import type { Config } from '../config';
import type { SecretsKey } from '../secrets/secretsKey';
import type { SiteContent } from '../site/siteContent';
import type { Store } from '../store/Store';
import { locationOf, makeBackup, newestBackup } from '../backup/backups';
import { acknowledgementOf } from '../notify/acknowledgement';
import { configuredChannels } from '../notify/channels';
import { documentsSender } from '../notify/documentsEmail';
import { startVisitCounter, type VisitCounter } from '../visits/visitCounter';
import { scheduleBackups } from './backupSchedule';
import { dailyListSender, startDailyLists } from './dailyListWatch';
import { startFirstResponseWatch } from './firstResponseWatch';
import { startIdleCollection } from './idleCollection';
import { startLinkCheck } from './linkCheckJob';
import { startOutbox, type Outbox } from './outbox';
import { startRetention } from './retention';
import { connectWhatsApp, type WhatsApp } from './whatsapp';

export interface Jobs {
  /** The notifications' outbox, which the routes wake after each enquiry and ask what it sends. */
  outbox: Outbox;
  /** The page views counted in memory and flushed to the store, which the beacons add to. */
  visits: VisitCounter;
  /** WhatsApp's job, which reads the webhook's posts and sends the desk's messages; none without the WHATSAPP_ variables. */
  whatsapp: WhatsApp | undefined;
  /** Stops every job and waits for the work each has in hand. */
  stop(): Promise<void>;
}

/**
 * Every loop the server runs beside its requests, started in one place and stopped together:
 * the outbox, the first-response watch, the advisors' daily lists, retention, the backups, the
 * visit counter's flushes, the link check, the idle collection and WhatsApp's reading and sending. Each reads the site's content as it is at the
 * moment it runs, so a publish reaches them without a restart.
 */
export function startJobs({
  store,
  config,
  content,
  secrets,
  clock,
  log,
}: {
  store: Store;
  config: Config;
  content: () => SiteContent;
  secrets: SecretsKey;
  clock: Clock;
  log: (fields: Record<string, unknown>) => void;
}): Jobs {
  const outbox = startOutbox({
    store,
    senders: configuredChannels(config.notify, (record) => acknowledgementOf(content(), record, config.notify.siteUrl, secrets)),
    documents: documentsSender(config.notify, content, secrets),
    pollMs: config.notifyPollMs,
    retryBaseMs: config.notifyRetryBaseMs,
    clock,
    log,
  });
  const firstResponse = startFirstResponseWatch({
    store,
    channels: outbox.escalations,
    finalStatuses: () => content().workflow.finalStatuses,
    everyMs: config.notifyPollMs,
    wake: () => outbox.wake(),
    clock,
    log,
  });
  // Each advisor's list at the start of the working day, by e-mail where SMTP is set up.
  const sendDailyList = dailyListSender(config.notify, content);
  const dailyLists =
    sendDailyList &&
    startDailyLists({
      store,
      send: sendDailyList,
      workingHours: () => content().workflow.workingHours,
      finalStatuses: () => content().workflow.finalStatuses,
      everyMs: config.notifyPollMs,
      retryBaseMs: config.notifyRetryBaseMs,
      clock,
      log,
    });
  const retention = startRetention({
    store,
    retentionMs: config.retentionMs,
    visitKeepMonths: config.visitKeepMonths,
    sweepMs: config.retentionSweepMs,
    documents: () => ({ days: content().privacy.documentsDays, finalStatuses: content().workflow.finalStatuses }),
    clock,
    log,
  });
  const backups =
    config.backup.everyMs === undefined
      ? undefined
      : scheduleBackups({
          everyMs: config.backup.everyMs,
          clock,
          newest: () => newestBackup(config.backup.dir)?.at,
          backUp: async () => {
            const { file, manifest } = await makeBackup(locationOf(config), config.backup, new Date(clock.now()));
            log({ msg: 'backup written', file, ...manifest.counts });
          },
          log,
        });
  const linkCheck =
    config.linkCheckMs === undefined
      ? undefined
      : startLinkCheck({ store, folder: () => content().content.folder, everyMs: config.linkCheckMs, clock, log });
  const visits = startVisitCounter({ store, clock, flushMs: config.visitFlushMs, caps: config.visitCaps, log });
  // The heap is given back in real time, whatever a test does with the business's clock.
  const idleCollection = startIdleCollection(systemClock, log);
  const whatsapp = connectWhatsApp(config.whatsapp, {
    store,
    content,
    secrets,
    clock,
    pollMs: config.notifyPollMs,
    retryBaseMs: config.notifyRetryBaseMs,
    log,
  });
  return {
    outbox,
    visits,
    whatsapp,
    async stop() {
      await Promise.all([
        outbox.stop(),
        firstResponse.stop(),
        dailyLists?.stop(),
        retention.stop(),
        idleCollection.stop(),
        backups?.stop(),
        whatsapp?.stop(),
        linkCheck?.stop(),
        visits.stop(),
      ]);
    },
  };
}
