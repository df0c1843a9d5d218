import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { serveChecks } from './contentChecks';

/**
 * The content check's thread (built as dist/server/content-check-worker.js). What it learnt is
 * cached only for this very build: the file's own bytes, which name every chunk it imports by
 * a hash of that chunk, stand for the code.
 */
const version = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest('hex');
serveChecks(parentPort!, workerData as { pagesDir: string; cacheFile?: string }, version);
