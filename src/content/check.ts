import path from 'node:path';
import { checkContent } from './checkContent.js';
import { countErrors, formatReport } from './formatProblems.js';
import { updateTypes } from './generateTypes.js';

/**
 * `npm run check:content`: validates pages-data/ (or the folder given as the first
 * argument) and refreshes the TypeScript types generated from the schemas.
 */
const pagesDir = path.resolve(process.argv[2] ?? process.env.PAGES_DIR ?? 'pages-data');
for (const file of await updateTypes()) console.log(`Regenerated ${file} from its schema.`);
const content = checkContent(pagesDir);
const report = formatReport(content);
if (countErrors(content) > 0) {
  console.error(report);
  process.exit(1);
}
console.log(report);
