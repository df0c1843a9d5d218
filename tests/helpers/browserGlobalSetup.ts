import { existsSync } from 'node:fs';
import { findChromium } from './chromium';
import { SERVER_ENTRY } from './server';

/** Fails the browser tests at once, with the fix, when the build or the browser is missing. */
export default function setup() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing. Run \`npm run build\` first (\`npm test\` does).`);
  findChromium();
}
