// The site's data the component tests draw with, from the small site in tests/helpers/site/ (a
// firm, its words and its desk in English, Marathi and Hindi) rather than the live pages-data/,
// so an edit to the content cannot fail a component test: the content check tests the content.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { siteDataOf } from '../../api/site/siteContent';
import { withBlockWords } from '../../src/content/blockWords';
import { diskFolder } from '../../src/content/contentFolder';
import type { Desk } from '../../src/content/desk.generated';
import type { PrivacyNotice } from '../../src/content/privacy.generated';
import type { Site } from '../../src/content/site.generated';
import type { LanguageContent, SiteWords } from '../../src/content/translations';
import type { InterfaceWordsFile } from '../../src/content/ui.generated';
import { deskWorkflow } from '../../src/shared/deskWorkflow';
import type { FormsWords } from '../../src/shared/forms/formWords';
import type { AdminData, SiteData } from '../../src/shared/siteData';

const FIXTURE = path.resolve(import.meta.dirname, 'site');

/** The test site as the content check and the server read it: a handful of pages, checked clean. */
export const fixtureSite = diskFolder(FIXTURE, 'tests/helpers/site');
/** Where the test site is on disk, for a server that reads its content folder from there. */
export const FIXTURE_SITE_DIR = FIXTURE;

/** One file of the test site, parsed: `_site.yaml`, `mr/_ui.yaml`… */
export function fixtureFile<T>(file: string): T {
  return parse(readFileSync(path.join(FIXTURE, file), 'utf8')) as T;
}

/** The test site's _site.yaml. */
export const siteFile = fixtureFile<Site>('_site.yaml');
/** The test site's privacy notice in English. */
export const privacyFile = fixtureFile<PrivacyNotice>('_privacy.yaml');

const languages: LanguageContent[] = siteFile.languages.slice(1).map(({ code, name }) => ({
  code,
  name,
  pages: [],
  untranslated: [],
  site: fixtureFile<SiteWords>(`${code}/_site.yaml`),
  privacy: fixtureFile<PrivacyNotice>(`${code}/_privacy.yaml`),
  ui: withBlockWords(fixtureFile<InterfaceWordsFile>(`${code}/_ui.yaml`), code).words,
  forms: fixtureFile<FormsWords>(`${code}/_forms.yaml`),
}));
const content = {
  site: siteFile,
  privacy: privacyFile,
  ui: withBlockWords(fixtureFile<InterfaceWordsFile>('_ui.yaml'), siteFile.languages[0]!.code).words,
  languages,
};

/** The test site's data in a language, as the server sends it with a page. */
export function siteDataFor(lang: string): SiteData {
  return siteDataOf(content, lang);
}

/** The language of an address, as the site reads it: /mr/… is Marathi. */
export const languageOfRoute = (route: string) => /^\/(mr|hi)(?=\/|$|\?)/.exec(route)?.[1] ?? 'en';

/** The desk's statuses and closing reasons from the test site's _desk.yaml. */
export const fixtureWorkflow = deskWorkflow(fixtureFile<Desk>('_desk.yaml'), fixtureFile<Site>('_site.yaml').openingHours);

/** The admin screens' data: the test site's words in English, with its desk. */
export const fixtureAdminData: AdminData = { ...siteDataFor('en'), desk: fixtureFile<Desk>('_desk.yaml') };
