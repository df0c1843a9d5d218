import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL cluster's URL; createDatabase() makes a database in it. */
    postgresUrl: string;
    /** Its data folder, for tests that read what the database wrote to the disk. */
    postgresDataDir: string;
  }
}

/**
 * Only `SKIP_POSTGRES=1` skips the unit tests on PostgreSQL (the summary counts them as skipped);
 * anywhere else a missing server fails the run with how to install it.
 */
export const skipPostgres = process.env.SKIP_POSTGRES === '1';

/**
 * The unit and server projects' global setup: one throwaway cluster for the project's run, its URL
 * and folder provided to every test file, each store test a database of its own in it (createDatabase).
 * Without PostgreSQL's server binaries it throws at once with how to get them (findPostgresBin), so
 * the run stops before any test.
 */
export default async function setup(project: TestProject) {
  if (skipPostgres) return;
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url);
  project.provide('postgresDataDir', postgres.dataDir);
  return () => postgres.stop();
}
