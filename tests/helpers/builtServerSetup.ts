import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium';
import { providePostgres } from './postgresSetup';
import { SERVER_ENTRY } from './server';

/**
 * Fails the server and browser tests at once, with the fix, when the build or the
 * browser is missing, and runs a throwaway PostgreSQL cluster for the database tests.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing. Run \`npm run build\` first (\`npm test\` does).`);
  findChromium();
  return providePostgres(project);
}
