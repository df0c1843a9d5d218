import path from 'node:path';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { GALLERY_ROUTE } from '../helpers/blockGallery';
import { walkPages } from '../helpers/pageWalk';
import { ROOT } from '../helpers/server';

/** How many of each language's pages, those with the most blocks, are walked beside the block gallery. */
const FULLEST = 2;

const content = checkContent(diskFolder(path.join(ROOT, 'pages-data')));
const fullest = [content.pages, ...content.languages.map((language) => language.pages)].flatMap((pages) =>
  [...pages]
    .sort((a, b) => b.data.blocks.length - a.data.blocks.length)
    .slice(0, FULLEST)
    .map((page) => page.route),
);

// Every block through its examples (the gallery, in English and in Marathi's frame), and the pages with the most
// blocks in each language, each at 360 and 1280 px; `npm run test:walk` walks every page (tests/walk/allPages.test.ts).
walkPages([GALLERY_ROUTE, `/mr${GALLERY_ROUTE}`, ...fullest]);
