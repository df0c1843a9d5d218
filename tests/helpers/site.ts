import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium';
import { removeDir, startServer, type RunningServer } from './server';

export interface OpenedPage {
  page: Page;
  /** Console errors, uncaught exceptions and failed requests seen since the page opened. */
  problems: string[];
}

/**
 * For a browser test file: one real server (fresh data folder) and one Chromium for the
 * whole file, stopped afterwards. `open` gives a new page that records its problems.
 */
export function useSite(options: Parameters<typeof startServer>[0] = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options), launchChromium()]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (server) {
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
