import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { outDirFrom } from '../shared/builtSite';

/**
 * `npm start` builds only when needed: the build records a hash of everything it was
 * made from, and start rebuilds when the hash no longer matches.
 *   --check  exit 0 when dist/ is up to date, 1 when it must be rebuilt
 *   --write  record the current sources as built
 */
const INPUTS = ['src', 'api', 'schemas', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const outDir = path.resolve(outDirFrom(process.env));
const stampFile = path.join(outDir, '.build-stamp');

function filesOf(input: string): string[] {
  if (!existsSync(input)) return [];
  if (statSync(input).isFile()) return [input];
  return readdirSync(input, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf).sort()) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const mode = process.argv[2];
if (mode === '--write') {
  writeFileSync(stampFile, sourceHash());
} else if (mode === '--check') {
  const built = existsSync(stampFile) && existsSync(path.join(outDir, 'server', 'main.js')) ? readFileSync(stampFile, 'utf8') : '';
  if (built !== sourceHash()) {
    console.log('The site has changed since the last build (or was never built); building it now.');
    process.exit(1);
  }
} else {
  console.error('Usage: tsx src/build/buildStamp.ts --check | --write');
  process.exit(2);
}
