import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { diskFolder } from './contentFolder.js';
import { englishFingerprint } from './translations.js';

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
  let text: string;
  let stamp: string;
  try {
    text = readFileSync(translation, 'utf8');
    stamp = englishFingerprint(diskFolder(pagesDir), path.basename(english));
  } catch {
    console.error(`${name}: no such translation, or no English file ${path.basename(english)} beside pages-data/`);
    failed = true;
    continue;
  }
  // Quoted only when YAML would read it as something else: 123456789012 as a number, 1234e5678901 as a float.
  const line = `source: ${stringify(stamp).trim()}`;
  const lines = text.split('\n');
  const existing = lines.findIndex((candidate) => /^source:/.test(candidate));
  // The fingerprint goes above the first key, after the file's opening comments.
  if (existing >= 0) lines[existing] = line;
  else
    lines.splice(
      Math.max(
        0,
        lines.findIndex((candidate) => candidate.trim() !== '' && !candidate.startsWith('#')),
      ),
      0,
      line,
    );
  writeFileSync(translation, lines.join('\n'));
  console.log(`${name}: ${line}`);
}
process.exit(failed ? 1 : 0);
