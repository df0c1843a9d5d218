import { logLine } from '../src/shared/logLine';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { ServerContext } from './context';
import { clientIp } from './middleware/clientIp';
import { loggedPath, requestLog } from './middleware/requestLog';
import { securityHeaders } from './middleware/securityHeaders';
import { privateAnswers } from './middleware/privateAnswers';
import { refuseNulInUrl } from './middleware/refuseNul';
import { uploadRoutes } from './routes/uploadRoutes';
import { enquiryRoutes } from './routes/enquiryRoutes';
import { whatsappRoutes } from './routes/whatsappRoutes';
import type { WhatsApp } from './jobs/whatsapp';
import { statusRoutes } from './routes/statusRoutes';
import { legacyAdminRoutes } from './routes/legacyAdminRoutes';
import { startVisitCounter, type VisitCounter } from './visits/visitCounter';
import { visitBeacon } from './routes/visitRoutes';
import { adminRoutes } from './routes/adminRoutes';
import type { ContentPublisher } from './site/contentPublisher';
import type { SiteService } from './site/siteService';
import { publicSite } from './routes/publicSite';
import { ADMIN_API } from '../src/shared/adminPaths';
import type { Store } from './store/Store';
import { startOutbox, type Outbox } from './jobs/outbox';
import { ownerAddresses, securityNotices, type SecurityNotice } from './notify/securityNotice';
import type { SecretsKey } from './secrets/secretsKey';
import { beaconLimit } from './visits/beaconLimit';
import type { BeaconContext } from './visits/takeBeacon';

export interface AppOptions {
  store: Store;
  config: Config;
  /** The site's content as editors change it, and (publisher.site) the site served from it. */
  publisher: ContentPublisher;
  /** Sends the notifications of new enquiries; without one, notifications are off. */
  outbox?: Outbox;
  /** Counts page views and writes them in batches; without one, a counter writing every VISIT_FLUSH_SECONDS. */
  visits?: VisitCounter;
  /** The key secrets are sealed with at rest (api/secrets/secretsKey.ts). */
  secrets: SecretsKey;
  /** Tells the owners when an account's second factors change; without one, by e-mail when SMTP is set up. */
  securityNotice?: SecurityNotice;
  /** The firm's WhatsApp number, when it is set up (api/jobs/whatsapp.ts). */
  whatsapp?: WhatsApp;
  /**
   * What counts a beacon: the production server hands in the one its fast path uses too, so a
   * client has one count per minute whichever way its beacons come; without one, the app's own.
   */
  beacons?: BeaconContext;
  /** The time; tests hand in one they move. */
  clock?: Clock;
  log?: (line: string) => void;
}

/** Shared middleware and every API route, without the built site (the dev server serves that). */
export function createApiApp({
  store,
  config,
  publisher,
  log,
  clock = systemClock,
  outbox = startOutbox({ store, senders: new Map(), pollMs: 0, retryBaseMs: 0, clock, log: () => {} }),
  visits = startVisitCounter({ store, clock, flushMs: config.visitFlushMs, caps: config.visitCaps, log: () => {} }),
  secrets,
  securityNotice = securityNotices(config.notify, ownerAddresses(store), () => {}),
  whatsapp,
  beacons = beaconContext({ site: publisher.site, clock, counter: visits, config }),
}: AppOptions) {
  const { site } = publisher;
  const app = new Hono();
  // Page views first, before the middleware every other request goes through: a beacon is the
  // busiest request, needs none of it (no session, no body but its own, an empty answer), and is not logged.
  app.route('/', visitBeacon(beacons));
  app.use(requestLog(log));
  app.use(securityHeaders());
  app.use(clientIp(config.trustProxy));
  app.use(refuseNulInUrl);
  app.use(compress());
  for (const path of ['/admin/*', ADMIN_API.listAbout, ADMIN_API.listContact, ADMIN_API.deleteAbout, ADMIN_API.deleteContact]) {
    app.use(path, privateAnswers);
  }
  const context: ServerContext = { store, site, config, clock, outbox, publisher, secrets, securityNotice, whatsapp };
  app.route('/', statusRoutes(context));
  app.route('/', enquiryRoutes(context));
  app.route('/', legacyAdminRoutes(context));
  app.route('/', uploadRoutes(context));
  app.route('/', whatsappRoutes(context));
  app.route('/', adminRoutes(context));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    console.error(logLine({ level: 'error', method: c.req.method, path: loggedPath(c.req.path), error: error.message }));
    return c.json({ message: 'Something went wrong on our side. Please try again in a minute.' }, 500);
  });
  return app;
}

/** What counts a beacon, with its per-client limit: made once, for the app's route and the production server's fast path alike. */
export function beaconContext({
  site,
  clock,
  counter,
  config,
}: {
  site: SiteService;
  clock: Clock;
  counter: VisitCounter;
  config: Config;
}): BeaconContext {
  return { site, clock, counter, allow: beaconLimit(config.visitRateLimit, clock), trustProxy: config.trustProxy };
}

/** The production server: the API, then the public site and the build's files for everything else. */
export function createApp(options: AppOptions) {
  const app = createApiApp(options);
  app.route('/', publicSite(options.publisher.site, options.config.staticDir));
  return app;
}
