import os from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import LongestFirst from './tests/helpers/longestFirst.ts';
import viteConfig from './vite.config.ts';

/**
 * Four groups of tests, one summary (`npm test` runs them; `npm run test:fast` the first two, without PostgreSQL):
 *   unit       pure logic, the content check, the server's modules, both stores' contract (Node)
 *   components each block and shell component rendered in jsdom
 *   server     the built server as a real process: files, PostgreSQL, notifications, the hostile suite, the served pages
 *   browser    the built site on the real server, driven in Chromium (server and browser need `npm run build`)
 * and a fifth of its own, `walk` (`npm run test:walk`): every page in every language in Chromium.
 */
export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test' }),
  defineConfig({
    test: {
      // One file per core at once (Vitest's default leaves one core to itself): the server and
      // browser tests spend much of their time waiting on the server under test and Chromium.
      maxWorkers: os.availableParallelism(),
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['src/**/*.test.ts', 'api/**/*.test.ts', 'tests/content/**/*.test.ts', 'tests/hygiene/**/*.test.ts'],
            // One PostgreSQL cluster for the stores' tests, each store a database of its own in it.
            globalSetup: ['tests/helpers/postgresSetup.ts'],
            // A check of the whole real site (schemas compiled, every file read) takes seconds on a shared, busy machine.
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'components',
            environment: 'jsdom',
            include: ['src/**/*.test.tsx'],
            setupFiles: ['tests/helpers/componentSetup.ts'],
            // A block's examples are checked as a page of the site (schemas and every rule): seconds on a busy machine.
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts', 'tests/hostile/**/*.test.ts', 'tests/site/**/*.test.ts'],
            // A throwaway PostgreSQL cluster for the database tests, each a database of its own in it.
            globalSetup: ['tests/helpers/builtServerSetup.ts', 'tests/helpers/postgresSetup.ts'],
            setupFiles: ['tests/helpers/stopServers.ts'],
            testTimeout: 60_000,
            hookTimeout: 90_000,
            expect: { poll: { timeout: 15_000 } },
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            environment: 'node',
            include: ['tests/browser/**/*.test.ts'],
            globalSetup: ['tests/helpers/builtServerSetup.ts'],
            // A worker runs its files one after another in one process, keeping one Chromium and one server
            // of each shared site for all of them (tests/helpers/site.ts); no test mocks a module or a global.
            isolate: false,
            setupFiles: ['tests/helpers/stopServers.ts'],
            testTimeout: 60_000,
            hookTimeout: 90_000,
            // A shared, busy CI machine can take seconds to hydrate a page or answer; polls wait for it.
            expect: { poll: { timeout: 15_000 } },
          },
        },
        {
          extends: true,
          test: {
            // `npm run test:walk`, outside `npm test`: every page in every language with axe at two widths.
            name: 'walk',
            environment: 'node',
            include: ['tests/walk/**/*.test.ts'],
            globalSetup: ['tests/helpers/builtServerSetup.ts'],
            setupFiles: ['tests/helpers/stopServers.ts'],
            testTimeout: 60_000,
            hookTimeout: 150_000,
          },
        },
      ],
    },
  }),
);
