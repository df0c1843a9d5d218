import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium';
import { OWNER } from './deskServer';
import { removeDir, startServer, type RunningServer, type ServerOptions } from './server';

export interface OpenedPage {
  page: Page;
  /** Console errors, uncaught exceptions and failed requests seen since the page opened. */
  problems: string[];
}

/**
 * The sites the browser tests share. A test worker runs test files one after another (the browser
 * project does not isolate them, vitest.config.ts), and keeps one server of each of these, started
 * when a file first asks for it, and one Chromium, for all its files: a file pays for neither a
 * server start nor a browser launch that an earlier file in its worker paid for. So a test on a
 * shared site finds what earlier tests left there: it makes its own accounts and records (a name of
 * its own, `unique()`), finds them by that name, and never counts what it did not make.
 */
export const SITES = {
  /** The site as visitors see it, on the content in pages-data/. */
  public: {},
  /** The same with its owner (deskServer.ts's OWNER, a password alone), behind a trusted loopback proxy so adminClient can vary the client's address. */
  desk: { env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: '127.0.0.1' } },
} satisfies Record<string, ServerOptions>;
export type SiteName = keyof typeof SITES;

/** What a worker keeps between files: on globalThis, so that it outlives the module's own evaluation. */
interface WorkerSites {
  browser?: Promise<Browser>;
  servers: Map<SiteName, Promise<RunningServer>>;
}
const KEY = Symbol.for('msme.browserTests.workerSites');
const kept: WorkerSites = ((globalThis as Record<symbol, WorkerSites | undefined>)[KEY] ??= { servers: new Map() });

function workerBrowser(): Promise<Browser> {
  const current = kept.browser;
  if (current) return current.then((browser) => (browser.isConnected() ? browser : ((kept.browser = undefined), workerBrowser())));
  return (kept.browser = launchChromium().catch((error: unknown) => {
    kept.browser = undefined;
    throw error;
  }));
}

function sharedServer(name: SiteName): Promise<RunningServer> {
  const current = kept.servers.get(name);
  if (current)
    return current.then((server) =>
      server.process.exitCode === null && !server.process.signalCode ? server : (kept.servers.delete(name), sharedServer(name)),
    );
  const starting = startServer({ ...SITES[name], keep: true });
  kept.servers.set(name, starting);
  starting.catch(() => kept.servers.delete(name));
  return starting;
}

/** A name no earlier test on a shared site has used: for accounts and records a test finds again. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`;
}

/**
 * For a browser test file: a site and the worker's Chromium. `useSite()` or `useSite('desk')` is one of
 * the shared SITES; `useSite(options)` starts a server of the file's own with those options (a
 * content folder, a data folder, a clock or receivers of its own), stopped when the file ends.
 * `open` gives a new page in a context of its own that records its problems; every context a file
 * opened is closed when it ends.
 */
export function useSite(site: SiteName | ServerOptions = 'public') {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const own = typeof site !== 'string';

  beforeAll(async () => {
    [server, browser] = await Promise.all([own ? startServer(site) : sharedServer(site), workerBrowser()]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close().catch(() => undefined)) ?? []);
    if (own && server) {
      await server.stop();
      removeDir(server.dataDir);
    }
  });

  return {
    get server(): RunningServer {
      if (!server) throw new Error('The server is not running yet');
      return server;
    },
    get url(): string {
      return this.server.url;
    },
    get browser(): Browser {
      if (!browser) throw new Error('The browser is not running yet');
      return browser;
    },
    /** A new tab in a context the test keeps, recording its problems like open() does. */
    async watch(context: BrowserContext): Promise<OpenedPage> {
      const page = await context.newPage();
      return { page, problems: watchProblems(page) };
    },
    /**
     * Opens a page in a fresh context. `fakeClock` pauses the page's clock before it
     * loads and waits for the page to settle, so page.clock.runFor moves timers exactly.
     */
    async open(pathname: string, contextOptions: BrowserContextOptions & { fakeClock?: boolean } = {}): Promise<OpenedPage> {
      if (!browser) throw new Error('The browser is not running yet');
      const { fakeClock, ...options } = contextOptions;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      const page = await context.newPage();
      if (fakeClock) {
        // Time stands still from the start; the test moves it with page.clock.runFor.
        await page.clock.install({ time: 0 });
        await page.clock.pauseAt(1000);
      }
      const problems = watchProblems(page);
      page.on('close', () => void context.close().catch(() => undefined)); // the browser may already be closing
      await page.goto(new URL(pathname, this.url).href, { waitUntil: fakeClock ? 'networkidle' : 'load' });
      // Interact only once React has hydrated the page; a click before that would be lost.
      if (options.javaScriptEnabled !== false && pathname !== 'about:blank')
        await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
      return { page, problems };
    },
  };
}

/** Console errors and warnings, uncaught exceptions, failed requests and error answers, as they happen on a page. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    // ERR_ABORTED is the browser cancelling a request because the page moved on, not a failure.
    const error = request.failure()?.errorText ?? '';
    if (!error.includes('ERR_ABORTED')) problems.push(`request failed: ${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}
