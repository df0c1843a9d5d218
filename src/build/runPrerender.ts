import path from 'node:path';
import { compressDirectory } from './compressDirectory';
import { CLIENT_DIR, outDirFrom, siteUrlFrom } from '../shared/builtSite';
import { prerender } from './prerender';

/** `npm run build` step: prerender every page, then precompress the whole client folder. */
const outDir = path.resolve(outDirFrom(process.env));
const files = await prerender(outDir, siteUrlFrom(process.env));
const compressed = await compressDirectory(path.join(outDir, CLIENT_DIR));
console.log(
  `Prerendered ${files.length} HTML files and precompressed ${compressed} files in ${path.join(path.relative(process.cwd(), outDir), CLIENT_DIR)}.`,
);
