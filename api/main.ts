import { CLIENT_DIR } from '../src/shared/builtSite';
import { logLine } from '../src/shared/logLine';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPage } from '../src/app/entry-server';
import { readTemplate } from './site/pageDocument';
import { ContentPublisher } from './site/contentPublisher';
import { CONTENT_CHECK_CACHE, WorkerChecks } from './site/contentChecks';
import { systemClock, type Clock } from './clock';
import { serverClock } from './testClock';
import { listen } from './listen';
import { startJobs } from './jobs/startJobs';
import { bootstrapAdmin } from './auth/bootstrapAdmin';
import { channelWarnings } from './notify/channelWarnings';
import { readConfig, type Config } from './config';
import { secretsAtRest } from './auth/secretsAtRest';
import type { SecretsKey } from './secrets/secretsKey';
import { ownerAddresses, securityNotices } from './notify/securityNotice';
import { beaconContext, createApp } from './app';
import { beaconListener } from './visits/beaconListener';
import { openStore } from './store/openStore';
import type { Store } from './store/Store';

const SHUTDOWN_GRACE_MS = 10_000;

function log(fields: Record<string, unknown>) {
  console.log(logLine(fields));
}

let config: Config;
let store: Store;
let secrets: SecretsKey;
/** The time of every timed rule and loop: the system's, or the test clock (TEST_CLOCK, api/testClock.ts). */
let clock: Clock;
try {
  clock = serverClock(process.env, process, systemClock, log);
  config = readConfig(process.env, fileURLToPath(new URL(`../${CLIENT_DIR}`, import.meta.url)));
  store = await openStore(config, clock);
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
    clock,
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

const jobs = startJobs({ store, config, content: () => site.content, secrets, clock, log });
const { outbox, visits, whatsapp } = jobs;
const securityNotice = securityNotices(config.notify, ownerAddresses(store), log);
// One count per client for the fast path and the app's route: a beacon counts once whichever way it comes.
const beacons = beaconContext({ site, clock, counter: visits, config });
const server = listen(
  createApp({ store, config, clock, outbox, publisher, visits, secrets, securityNotice, beacons, ...(whatsapp && { whatsapp }) }),
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
  beaconListener(beacons),
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
  await Promise.all([jobs.stop(), checks.stop()]);
  await store.close();
  log({ msg: 'stopped' });
  process.exit(0);
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
