import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devApiPlugin } from './api/devApiPlugin.ts';
import { CLIENT_DIR, outDirFrom } from './src/shared/builtSite.ts';
import { FRAMEWORK_MODULE, LIGHT_BLOCK_MODULE, LIGHT_BLOCKS_CHUNK } from './src/shared/appChunks.ts';
import { devanagariFontsPlugin } from './src/build/devanagariFonts.ts';
import { FONT_CACHE_DIR } from './src/shared/fontFiles.ts';
import { formValidatorsPlugin } from './src/shared/forms/formValidatorsPlugin.ts';

/** The language names' face is made from the languages in PAGES_DIR's _site.yaml; OUT_DIR moves the whole build. */
const pagesDir = path.resolve(process.env.PAGES_DIR ?? 'pages-data');
const outDir = path.resolve(outDirFrom(process.env));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), devanagariFontsPlugin({ pagesDir, cacheDir: path.resolve(FONT_CACHE_DIR) }), formValidatorsPlugin(), devApiPlugin()],
  publicDir: 'src/static',
  build: {
    outDir: path.join(outDir, isSsrBuild ? 'server' : CLIENT_DIR),
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    manifest: !isSsrBuild,
    assetsInlineLimit: 0,
    // The server build is the API server with the app's renderer in it, which draws every page when the content changes.
    rollupOptions: isSsrBuild
      ? { input: { main: 'api/main.ts' } }
      : // Everything every page needs travels as one file, the light blocks as a second (blockChunks.ts).
        {
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: FRAMEWORK_MODULE },
                { name: LIGHT_BLOCKS_CHUNK, test: LIGHT_BLOCK_MODULE },
              ],
            },
          },
        },
  },
  server: {
    fs: { allow: ['.', pagesDir] },
  },
}));
