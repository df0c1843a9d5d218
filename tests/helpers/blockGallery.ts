import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server';

export const GALLERY_ROUTE = '/block-gallery';

/**
 * A copy of pages-data/ with one more page, /block-gallery, showing every example of every
 * block (each block folder's <type>.examples.yaml), published in English only: the page walk
 * checks it like every real page, so a block is checked even where no page uses it yet.
 */
export function contentWithGallery(into: string): string {
  const pagesDir = path.join(into, 'pages-data');
  cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
  const blocksDir = path.join(ROOT, 'src/blocks');
  const examples = readdirSync(blocksDir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.examples.yaml'))
    // A page starts with its banner: the banner's example comes first and is the page's heading.
    .sort((a, b) => Number(!a.includes('banner.examples')) - Number(!b.includes('banner.examples')) || a.localeCompare(b))
    .map((file) => readFileSync(path.join(blocksDir, file), 'utf8').replace(/^/gm, '  '));
  writeFileSync(
    path.join(pagesDir, `${GALLERY_ROUTE.slice(1)}.yaml`),
    [
      'title: Block Gallery',
      'description: Every kind of block the site has, each shown with its examples, so that each one is checked like a real page.',
      'updated: 2026-11-24',
      'blocks:',
      ...examples,
    ].join('\n'),
  );
  const site = path.join(pagesDir, '_site.yaml');
  writeFileSync(site, `${readFileSync(site, 'utf8')}\nuntranslated: {mr: [${GALLERY_ROUTE}], hi: [${GALLERY_ROUTE}]}\n`);
  return pagesDir;
}
