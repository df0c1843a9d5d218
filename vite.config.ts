import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devApiPlugin } from './api/devApiPlugin.ts';
import { CLIENT_DIR, outDirFrom } from './src/shared/builtSite.ts';
import { languageNamesFontPlugin } from './src/build/languageNamesFont.ts';
import { formValidatorsPlugin } from './src/shared/forms/formValidatorsPlugin.ts';

/** The language names' face is made from the languages in PAGES_DIR's _site.yaml; OUT_DIR moves the whole build. */
const pagesDir = path.resolve(process.env.PAGES_DIR ?? 'pages-data');
const outDir = path.resolve(outDirFrom(process.env));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    languageNamesFontPlugin({ pagesDir, cacheDir: path.resolve('node_modules/.cache/language-names') }),
    formValidatorsPlugin(),
    devApiPlugin(),
  ],
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
      : // Everything every page needs travels as one file; a page then adds the chunks of its heavier blocks.
        { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: {
    fs: { allow: ['.', pagesDir] },
  },
}));
