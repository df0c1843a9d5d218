import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The browser the tests drive, looked for in this order: CHROMIUM_PATH, Playwright's
 * own download (`npx playwright install chromium`), then Debian's chromium package.
 * Without one the browser tests stop at once and say how to get one; they never skip.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.CHROMIUM_PATH, safePlaywrightPath(), DEBIAN_CHROMIUM].filter((path): path is string => !!path);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    [
      'No Chromium found for the browser tests. Looked at:',
      ...candidates.map((path) => `  ${path}`),
      'Install one of these and run the tests again:',
      '  Debian/Ubuntu:  sudo apt-get install chromium',
      '  anywhere else:  npx playwright install chromium',
      '  or point CHROMIUM_PATH at an existing Chrome or Chromium binary.',
    ].join('\n'),
  );
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export function launchChromium(): Promise<Browser> {
  const runningAsRoot = process.getuid?.() === 0;
  return chromium.launch({
    executablePath: findChromium(),
    // Chromium refuses to run its sandbox as root, which is how CI runs.
    args: [
      ...(runningAsRoot ? ['--no-sandbox'] : []),
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--font-render-hinting=none',
    ],
  });
}
