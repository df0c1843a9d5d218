import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentPlugin } from './src/content/vitePlugin';

/** PAGES_DIR lets a test build a copy of pages-data/; OUT_DIR keeps that build apart. */
const pagesDir = path.resolve(process.env.PAGES_DIR ?? 'pages-data');
const outDir = path.resolve(process.env.OUT_DIR ?? 'dist');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), contentPlugin({ pagesDir })],
  publicDir: 'src/static',
  build: {
    outDir: isSsrBuild ? path.join(outDir, 'ssr') : path.join(outDir, 'client'),
    emptyOutDir: true,
    manifest: !isSsrBuild,
    assetsInlineLimit: 0,
    sourcemap: false,
  },
  server: {
    fs: { allow: ['.', pagesDir] },
  },
}));
