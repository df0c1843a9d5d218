import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium';
import { startPostgres } from './postgres';
import { SERVER_ENTRY } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL cluster's URL; createDatabase() makes a database in it. */
    postgresUrl: string;
    /** Its data folder, for tests that read what the database wrote to the disk. */
    postgresDataDir: string;
  }
}

/**
 * Fails the server and browser tests at once, with the fix, when the build or the
 * browser is missing, and runs a throwaway PostgreSQL cluster for the database tests.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing. Run \`npm run build\` first (\`npm test\` does).`);
  findChromium();
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url);
  project.provide('postgresDataDir', postgres.dataDir);
  return () => postgres.stop();
}
