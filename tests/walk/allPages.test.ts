import { GALLERY_ROUTE } from '../helpers/blockGallery';
import { walkPages } from '../helpers/pageWalk';
import { ALL_PUBLIC_ROUTES } from '../helpers/publicRoutes';

// `npm run test:walk` (CI runs it after `npm test`): every page in every language, and every block's
// examples, at 360 and 1280 px. `npm test` walks the examples and the pages with the most blocks (tests/browser/blockWalk.test.ts).
walkPages([...ALL_PUBLIC_ROUTES, GALLERY_ROUTE, `/mr${GALLERY_ROUTE}`]);
