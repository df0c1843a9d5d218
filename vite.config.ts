import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devApiPlugin } from './api/devApiPlugin.ts';
import { CLIENT_DIR, outDirFrom } from './src/shared/builtSite.ts';
import {
  FRAMEWORK_MODULE,
  INTERACTIVE_HELPER_MODULE,
  INTERACTIVE_HELPERS_CHUNK,
  LIGHT_BLOCK_MODULE,
  LIGHT_BLOCKS_CHUNK,
} from './src/shared/appChunks.ts';
import { devanagariFontsPlugin } from './src/build/devanagariFonts.ts';
import { FONT_CACHE_DIR } from './src/shared/fontFiles.ts';
import { formValidatorsPlugin } from './src/shared/forms/formValidatorsPlugin.ts';

/**
 * React Router's default build is its development one, with checks and warnings for developers;
 * the site runs its production build, in the browser and on the server.
 */
const router = (entry: string) => path.resolve('node_modules/react-router/dist/production', entry);

/** The Devanagari faces are cut from PAGES_DIR's text (src/build/devanagariFonts.ts); OUT_DIR moves the whole build. */
const pagesDir = path.resolve(process.env.PAGES_DIR ?? 'pages-data');
const outDir = path.resolve(outDirFrom(process.env));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), devanagariFontsPlugin({ pagesDir, cacheDir: path.resolve(FONT_CACHE_DIR) }), formValidatorsPlugin(), devApiPlugin()],
  publicDir: 'src/static',
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: router('index.mjs') },
      { find: /^react-router\/dom$/, replacement: router('dom-export.mjs') },
      // react-router-dom only passes react-router on: taken from its file, it passes on the build above (one router, not two).
      { find: /^react-router-dom$/, replacement: path.resolve('node_modules/react-router-dom/dist/index.mjs') },
    ],
  },
  build: {
    outDir: path.join(outDir, isSsrBuild ? 'server' : CLIENT_DIR),
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    manifest: !isSsrBuild,
    assetsInlineLimit: 0,
    // The server build is the API server with the app's renderer in it, which draws every page when the content changes.
    rollupOptions: isSsrBuild
      ? // The content check runs in a thread of its own (api/site/contentChecks.ts), from its own entry. Every
        // chunk sits beside main.js, so code that finds the schemas from its own place (src/content/contentSchemas.ts) finds them.
        {
          input: { main: 'api/production.ts', 'content-check-worker': 'api/site/contentCheckWorker.ts' },
          output: { chunkFileNames: '[name]-[hash].js' },
        }
      : // React and the router as one chunk, the light blocks as another (src/shared/appChunks.ts).
        {
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: FRAMEWORK_MODULE },
                { name: LIGHT_BLOCKS_CHUNK, test: LIGHT_BLOCK_MODULE },
                { name: INTERACTIVE_HELPERS_CHUNK, test: INTERACTIVE_HELPER_MODULE },
              ],
            },
          },
        },
  },
  server: {
    fs: { allow: ['.', pagesDir] },
  },
}));
