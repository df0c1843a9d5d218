import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_CHECK_CACHE } from '../../api/site/contentChecks';
import { findChromium } from './chromium';
import { removeDir, SEEDED_CHECK_CACHE, SERVER_ENTRY, startServer } from './server';

/**
 * Fails the server and browser tests at once, with the fix, when the build or the browser is
 * missing; then makes the content check's cache every test server starts with (SEEDED_CHECK_CACHE),
 * unless this build has made it already.
 */
export default async function setup() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing. Run \`npm run build\` first (\`npm test\` does).`);
  findChromium();
  if (seededFor() === builtVersion()) return;
  // A server that checks the whole site writes what it learnt into its data folder, then says so.
  const server = await startServer();
  try {
    await new Promise<void>((resolve, reject) => {
      const waiting = setInterval(() => {
        if (server.output.some((line) => line.includes('"msg":"the whole content is checked"'))) done();
        else if (server.process.exitCode !== null)
          done(new Error(`The server that checks the site for the tests' cache stopped:\n${server.output.join('\n')}`));
      }, 100);
      const done = (error?: Error) => (clearInterval(waiting), error ? reject(error) : resolve());
    });
    mkdirSync(path.dirname(SEEDED_CHECK_CACHE), { recursive: true });
    copyFileSync(path.join(server.dataDir, CONTENT_CHECK_CACHE), `${SEEDED_CHECK_CACHE}.tmp`);
    renameSync(`${SEEDED_CHECK_CACHE}.tmp`, SEEDED_CHECK_CACHE);
  } finally {
    await server.stop();
    removeDir(server.dataDir);
  }
}

/** The build's version of the check's cache, as the content check's thread computes it (api/site/contentCheckWorker.ts). */
function builtVersion(): string {
  return createHash('sha256')
    .update(readFileSync(path.join(path.dirname(SERVER_ENTRY), 'content-check-worker.js')))
    .digest('hex');
}

/** The build the seeded cache was made by, if there is one. */
function seededFor(): string | undefined {
  try {
    return (JSON.parse(readFileSync(SEEDED_CHECK_CACHE, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}
