import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diskFolder } from './contentFolder.js';
import { stampTranslation } from './translationStamp.js';

/**
 * `npm run translation:stamp -- mr/homeloan.yaml …`: records in each translation the
 * fingerprint of its English file as it is now. Run it once a translation says what the
 * English file says; the content check then stops calling it stale until the English changes.
 */
const pagesDir = path.resolve(process.env.PAGES_DIR ?? 'pages-data');
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Name the translations to stamp, for example: npm run translation:stamp -- mr/homeloan.yaml hi/homeloan.yaml');
  process.exit(1);
}
let failed = false;
for (const name of files) {
  const translation = path.resolve(pagesDir, name);
  const english = path.join(pagesDir, path.basename(translation));
  if (path.dirname(path.dirname(translation)) !== pagesDir) {
    console.error(`${name}: not a translation; give a file inside a language folder, such as mr/homeloan.yaml`);
    failed = true;
    continue;
  }
  let result: string;
  try {
    result = stampTranslation(readFileSync(translation, 'utf8'), diskFolder(pagesDir), path.basename(english));
  } catch {
    console.error(`${name}: no such translation, or no English file ${path.basename(english)} beside pages-data/`);
    failed = true;
    continue;
  }
  writeFileSync(translation, result);
  console.log(`${name}: ${result.split('\n').find((line) => line.startsWith('source:'))}`);
}
process.exit(failed ? 1 : 0);
