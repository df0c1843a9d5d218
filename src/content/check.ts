import path from 'node:path';
import { checkContent } from './checkContent.js';
import { diskFolder } from './contentFolder.js';
import { countErrors, formatReport } from './formatProblems.js';

/**
 * `npm run check:content`: validates pages-data/ (or the folder given as the first
 * argument) against the content schemas.
 */
const pagesDir = path.resolve(process.argv[2] ?? process.env.PAGES_DIR ?? 'pages-data');
const content = checkContent(diskFolder(pagesDir));
const report = formatReport(content);
if (countErrors(content) > 0) {
  console.error(report);
  process.exit(1);
}
console.log(report);
