import { CLIENT_DIR } from '../src/shared/builtSite';
import { logLine } from '../src/shared/logLine';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPage } from '../src/app/entry-server';
import { readTemplate } from './site/pageDocument';
import { ContentPublisher } from './site/contentPublisher';
import { CONTENT_CHECK_CACHE, WorkerChecks } from './site/contentChecks';
import { systemClock } from './clock';
import { listen } from './listen';
import { bootstrapAdmin } from './auth/bootstrapAdmin';
import { locationOf, makeBackup, newestBackup } from './backup/backups';
import { scheduleBackups } from './backup/backupSchedule';
import { acknowledgementOf } from './notify/acknowledgement';
import { configuredChannels } from './notify/channels';
import { channelWarnings } from './notify/channelWarnings';
import { startOutbox } from './notify/outbox';
import { documentsSender } from './notify/documentsEmail';
import { startFirstResponseWatch } from './notify/firstResponseWatch';
import { dailyListSender, startDailyLists } from './notify/dailyListWatch';
import { readConfig, type Config } from './config';
import { secretsAtRest } from './auth/secretsAtRest';
import type { SecretsKey } from './secrets/secretsKey';
import { securityNotices } from './notify/securityNotice';
import { beaconContext, createApp } from './app';
import { startRetention } from './retention';
import { connectWhatsApp } from './jobs/whatsapp';
import { startIdleCollection } from './idleCollection';
import { beaconListener } from './visits/beaconListener';
import { startVisitCounter } from './visits/visitCounter';
import { openStore } from './store/openStore';
import type { Store } from './store/Store';

const SHUTDOWN_GRACE_MS = 10_000;

function log(fields: Record<string, unknown>) {
  console.log(logLine(fields));
}

let config: Config;
let store: Store;
let secrets: SecretsKey;
try {
  config = readConfig(process.env, fileURLToPath(new URL(`../${CLIENT_DIR}`, import.meta.url)));
  store = await openStore(config);
  secrets = await secretsAtRest(store, config, log);
  await bootstrapAdmin(store, process.env, config.dataDir, (text) => console.log(text));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// The site is the content folder with what editors published laid over it. The server listens at
// once: each page is checked on its own when first asked for while the whole site is checked in a
// thread of its own (ContentPublisher.start); content whose site files fail so that no page can be
// drawn stops it, naming each problem. Pages are drawn as they are asked for.
const checks = new WorkerChecks({
  script: path.join(path.dirname(fileURLToPath(import.meta.url)), 'content-check-worker.js'),
  pagesDir: config.pagesDir,
  cacheFile: path.join(config.dataDir, CONTENT_CHECK_CACHE),
  limitMs: config.contentCheckMs,
  log,
});
let publisher: ContentPublisher;
try {
  publisher = await ContentPublisher.start({
    store,
    checks,
    render: { renderer: renderPage, template: readTemplate(config.staticDir), siteUrl: config.siteUrl },
    pagesDir: config.pagesDir,
    clock: systemClock,
    pollMs: config.pagesPollMs,
    log,
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { site } = publisher;
// A check of the whole site that could not run, or content nothing can be drawn from, stops the server as it would have at the start.
publisher.started.catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

for (const warning of channelWarnings(config.notify)) log({ level: 'warn', msg: warning });
if (config.mfa === 'optional')
  log({ level: 'warn', msg: 'ADMIN_MFA=optional: accounts may sign in with a password alone. Use it for development and tests only.' });

const outbox = startOutbox({
  store,
  senders: configuredChannels(config.notify, (record) => acknowledgementOf(site.content, record, config.notify.siteUrl, secrets)),
  documents: documentsSender(config.notify, () => site.content, secrets),
  pollMs: config.notifyPollMs,
  retryBaseMs: config.notifyRetryBaseMs,
  clock: systemClock,
  log,
});
const firstResponse = startFirstResponseWatch({
  store,
  channels: outbox.escalations,
  finalStatuses: () => site.content.workflow.finalStatuses,
  everyMs: config.notifyPollMs,
  wake: () => outbox.wake(),
  clock: systemClock,
  log,
});
// Each advisor's list at the start of the working day, by e-mail where SMTP is set up.
const sendDailyList = dailyListSender(config.notify, () => site.content);
const dailyLists =
  sendDailyList &&
  startDailyLists({
    store,
    send: sendDailyList,
    workingHours: () => site.content.workflow.firstResponse?.hours,
    finalStatuses: () => site.content.workflow.finalStatuses,
    everyMs: config.notifyPollMs,
    retryBaseMs: config.notifyRetryBaseMs,
    clock: systemClock,
    log,
  });
const retention = startRetention({
  store,
  retentionMs: config.retentionMs,
  visitKeepMonths: config.visitKeepMonths,
  sweepMs: config.retentionSweepMs,
  documents: () => ({ days: site.content.privacy.documentsDays, finalStatuses: site.content.workflow.finalStatuses }),
  clock: systemClock,
  log,
});
const backups =
  config.backup.everyMs === undefined
    ? undefined
    : scheduleBackups({
        everyMs: config.backup.everyMs,
        clock: systemClock,
        newest: () => newestBackup(config.backup.dir)?.at,
        backUp: async () => {
          const { file, manifest } = await makeBackup(locationOf(config), config.backup, new Date(systemClock.now()));
          log({ msg: 'backup written', file, ...manifest.counts });
        },
        log,
      });
const visits = startVisitCounter({ store, clock: systemClock, flushMs: config.visitFlushMs, caps: config.visitCaps, log });
const securityNotice = securityNotices(config.notify, log);
const whatsapp = connectWhatsApp(config.whatsapp, {
  store,
  site,
  secrets,
  clock: systemClock,
  pollMs: config.notifyPollMs,
  retryBaseMs: config.notifyRetryBaseMs,
  log,
});
const idleCollection = startIdleCollection(systemClock, log);
const server = listen(
  createApp({ store, config, outbox, publisher, visits, secrets, securityNotice, ...(whatsapp && { whatsapp }) }),
  config,
  (info: AddressInfo) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    log({
      msg: 'listening',
      url: `http://${host}:${info.port}`,
      store: config.databaseUrl ? 'postgresql' : config.dataDir,
      notifications: outbox.channels,
      whatsapp: whatsapp ? 'connected' : 'not connected',
    });
  },
  beaconListener(beaconContext({ site, clock: systemClock, counter: visits, config })),
);

let stopping = false;
/** Stop taking connections, let requests in flight finish, then complete pending writes. */
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log({ msg: 'stopping', signal });
  const force = setTimeout(() => {
    log({ msg: 'forced exit: requests still open', afterMs: SHUTDOWN_GRACE_MS });
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(() => void finishWrites());
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}

async function finishWrites() {
  publisher.stop();
  await Promise.all([
    outbox.stop(),
    firstResponse.stop(),
    dailyLists?.stop(),
    retention.stop(),
    idleCollection.stop(),
    backups?.stop(),
    whatsapp?.stop(),
    visits.stop(),
    checks.stop(),
  ]);
  await store.close();
  log({ msg: 'stopped' });
  process.exit(0);
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
