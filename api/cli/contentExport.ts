import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diskFolder } from '../../src/content/contentFolder';
import { readConfig } from '../config';
import { publishedContent } from '../site/liveContent';
import { openStore } from '../store/openStore';

/**
 * `npm run content:export -- DIR`: writes the content the site is built from (PAGES_DIR with
 * every page editors published, from whichever store the server uses) into DIR, laid out like
 * pages-data/, for a developer to commit. Files in DIR that the published content no longer
 * has (removed pages) are deleted; other files are written over. With the file store, stop
 * the server first: the store's folder is locked while it runs.
 */
const target = process.argv[2];
if (!target) {
  console.error('Name the folder to write into: npm run content:export -- DIR');
  process.exit(2);
}
const dir = path.resolve(target);
const config = readConfig(process.env, '');
let store;
try {
  store = await openStore(config);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
try {
  const { folder, deployChanged } = await publishedContent(config.pagesDir, store);
  const stale = existsSync(dir) ? diskFolder(dir).files.filter((file) => !folder.has(file)) : [];
  for (const file of folder.files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), folder.readBytes(file));
  }
  for (const file of stale) rmSync(path.join(dir, file));
  console.log(
    `Wrote ${folder.files.length} files into ${dir}${stale.length ? `, and removed ${stale.length} no longer published: ${stale.join(', ')}` : ''}.`,
  );
  if (deployChanged.size > 0)
    console.log(
      `To reconcile (a deploy and an editor both changed them; the editor's version was written): ${[...deployChanged].join(', ')}`,
    );
} finally {
  await store.close();
}
