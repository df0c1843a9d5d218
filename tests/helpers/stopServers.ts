import { afterAll } from 'vitest';
import { stopStartedServers } from './server';

// Set up for every server and browser test file: whatever a test started and did not stop (it failed
// before its own stop) is stopped when the file ends, so no server outlives the suite.
afterAll(stopStartedServers, 30_000);
