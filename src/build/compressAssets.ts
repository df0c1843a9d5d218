import path from 'node:path';
import { CLIENT_DIR, outDirFrom } from '../shared/builtSite';
import { compressDirectory } from './compressDirectory';

/** `npm run build` step: precompress the client build's scripts, styles and fixed files (pages are compressed by the server). */
const clientDir = path.join(path.resolve(outDirFrom(process.env)), CLIENT_DIR);
const compressed = await compressDirectory(clientDir);
console.log(`Precompressed ${compressed} files in ${path.relative(process.cwd(), clientDir)}.`);
