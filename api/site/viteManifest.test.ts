import { expect, test } from 'vitest';
import { assetNamed, chunkStyles, groupKey, type Manifest } from './viteManifest';

// The shape Vite writes: a grouped chunk under a key of its own, modules of the group without one.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/entry-a.css'] },
  'src/app/startApp.tsx': { file: 'assets/startApp-b.js', imports: ['_blocks-c.js', 'index.html'], css: ['assets/startApp-b.css'] },
  '_blocks-c.js': { file: 'assets/blocks-c.js', name: 'blocks', imports: ['index.html'], css: ['assets/blocks-c.css'] },
  'src/blocks/EmiCalculatorBlock/EmiCalculatorBlock.tsx': {
    file: 'assets/Emi-d.js',
    imports: ['_blocks-c.js', 'src/app/startApp.tsx'],
    css: ['assets/Emi-d.css'],
  },
  'node_modules/.cache/devanagari/0123/site-devanagari.woff2': {
    file: 'assets/site-devanagari-e.woff2',
    src: 'node_modules/.cache/devanagari/0123/site-devanagari.woff2',
  },
};

test("a module's styles include its imports' but never the entry's, each once", () => {
  expect(chunkStyles(manifest, 'src/blocks/EmiCalculatorBlock/EmiCalculatorBlock.tsx')).toEqual([
    'assets/Emi-d.css',
    'assets/blocks-c.css',
    'assets/startApp-b.css',
  ]);
  expect(chunkStyles(manifest, 'src/blocks/TextBlock/TextBlock.tsx')).toEqual([]);
});

test('a group is found by its name, and a built font by the name it was written under', () => {
  expect(groupKey(manifest, 'blocks')).toBe('_blocks-c.js');
  expect(groupKey(manifest, 'react')).toBeUndefined();
  expect(assetNamed(manifest, 'site-devanagari.woff2')?.file).toBe('assets/site-devanagari-e.woff2');
  expect(assetNamed(manifest, 'devanagari.woff2')).toBeUndefined();
});
