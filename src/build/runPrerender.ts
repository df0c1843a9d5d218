import path from 'node:path';
import { compressDirectory } from './compressDirectory';
import { prerender } from './prerender';

/** `npm run build` step: prerender every page, then precompress the whole client folder. */
const outDir = path.resolve(process.env.OUT_DIR ?? 'dist');
const siteUrl = (process.env.SITE_URL ?? 'http://localhost:8000').replace(/\/+$/, '');
const files = await prerender(outDir, siteUrl);
const compressed = await compressDirectory(path.join(outDir, 'client'));
console.log(`Prerendered ${files.length} HTML files and precompressed ${compressed} files in ${path.relative(process.cwd(), outDir)}/client.`);
