/**
 * The built server's entry (dist/server/main.js). React chooses its development or production
 * build from NODE_ENV when it is first loaded, and the development build draws pages several
 * times slower: the server runs the production one whatever NODE_ENV it was started with, so
 * this is set before anything else is loaded. The test clock is allowed only under NODE_ENV=test
 * (api/testClock.ts), so that is read first.
 */
import { testClockRefusal } from './testClock';

const refusal = testClockRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
process.env.NODE_ENV = 'production';
await import('./main');

export {};
