import path from 'node:path';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { deskWorkflow } from '../../src/shared/deskWorkflow';
import type { SiteData } from '../../src/shared/siteData';
import { siteDataOf } from '../../api/site/siteContent';

const content = checkContent(diskFolder(path.resolve(import.meta.dirname, '../../pages-data')));

/** The site's data in a language, from the real pages-data/, as the server sends it with a page. */
export function siteDataFor(lang: string): SiteData {
  return siteDataOf(content, lang);
}

/** The language of an address, as the site reads it: /mr/… is Marathi. */
export const languageOfRoute = (route: string) => /^\/(mr|hi)(?=\/|$|\?)/.exec(route)?.[1] ?? 'en';

/** The desk's statuses and closing reasons from the real _desk.yaml. */
export const realWorkflow = deskWorkflow(content.desk!);
