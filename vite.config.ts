import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devApiPlugin } from './api/devApiPlugin.ts';
import { CLIENT_DIR, outDirFrom } from './src/shared/builtSite.ts';
import { contentPlugin } from './src/content/vitePlugin.ts';
import { languageNamesFontPlugin } from './src/build/languageNamesFont.ts';
import { formValidatorsPlugin } from './src/shared/forms/formValidatorsPlugin.ts';

/** PAGES_DIR lets a test build a copy of pages-data/; OUT_DIR keeps that build apart. */
const pagesDir = path.resolve(process.env.PAGES_DIR ?? 'pages-data');
const outDir = path.resolve(outDirFrom(process.env));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    contentPlugin({ pagesDir }),
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
    // The server build holds the API server and the prerenderer's entry, sharing one copy of the app.
    rollupOptions: isSsrBuild
      ? { input: { main: 'api/main.ts', 'entry-server': 'src/app/entry-server.tsx' } }
      : // Everything every page needs travels as one file; each page then adds its own chunk.
        { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: {
    fs: { allow: ['.', pagesDir] },
  },
}));
