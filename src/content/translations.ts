import { createHash } from 'node:crypto';
import type { ContentPage } from './contentPage.js';
import { TRANSLATED_DATA_FILES } from './contentFiles.js';
import type { ContentFolder } from './contentFolder.js';
import { displayPath } from './describeError.js';
import type { Glossary } from './glossary.generated.js';
import type { PrivacyNotice } from './privacy.generated.js';
import type { Site } from './site.generated.js';
import { structureMismatches } from './structureMatch.js';
import type { InterfaceWords } from '../shared/languages.js';
import { englishFormWords, type FormsWords } from '../shared/forms/formWords.js';
import { parseYaml, type Position, type YamlSource } from './yamlSource.js';

/** One language besides English: its translated pages and words, and the English pages it still lacks. */
export interface LanguageContent {
  code: string;
  name: string;
  pages: ContentPage[];
  /** English routes listed as untranslated in _site.yaml: served in English at this language's address, with a note. */
  untranslated: string[];
  notFound?: ContentPage;
  site?: SiteWords;
  privacy?: PrivacyNotice;
  ui?: InterfaceWords;
  forms?: FormsWords;
  /** The language's own terms (pages-data/<code>/_glossary.yaml), checked on each of its files. */
  glossary?: Glossary;
}

/** pages-data/<language>/_site.yaml, as schemas/sitetranslation.schema.json describes it (its parts are the site file's). */
export type SiteWords = Pick<Site, 'tagline' | 'nav' | 'footer'> & { source: string; privacyContactRole: string };

/**
 * The fingerprint a translation records of its English source: of what the English says,
 * so a comment, a layout change or a new review date does not make a translation stale.
 */
export function fingerprint(englishData: unknown): string {
  const { updated: _updated, reviewed: _reviewed, ...words } = englishData as Record<string, unknown>;
  return createHash('sha256').update(JSON.stringify(words)).digest('hex').slice(0, 12);
}

/** What a translation of an English file follows: the whole file, or for the site file only its words. */
export function followedPart(file: string, data: unknown): unknown {
  if (file !== TRANSLATED_DATA_FILES.site) return data;
  // A draft may be anything an editor typed: its check names what is missing, the fingerprint must not throw.
  const site = (typeof data === 'object' && data !== null ? data : {}) as Partial<Site>;
  return { tagline: site.tagline, privacyContactRole: site.privacyContact?.role, nav: site.nav, footer: site.footer };
}

/** The English the forms' words follow: they live in the form schemas, not in a file of pages-data/. */
export const FORMS_ENGLISH = englishFormWords();

/**
 * The fingerprint a translation records of the English file named `file` (homeloan.yaml) that
 * holds `data`; undefined when it holds none (a draft that does not parse: its check names its problems).
 */
export function englishFingerprintOf(file: string, data: unknown): string | undefined {
  if (file === TRANSLATED_DATA_FILES.forms) return fingerprint(FORMS_ENGLISH);
  return typeof data === 'object' && data !== null ? fingerprint(followedPart(file, data)) : undefined;
}

/** The fingerprint of the English file a translation named `file` (homeloan.yaml) follows, as the folder has it now. */
export function englishFingerprint(folder: ContentFolder, file: string): string | undefined {
  return englishFingerprintOf(file, file === TRANSLATED_DATA_FILES.forms ? undefined : parseYaml(folder.read(file)).data);
}

/** A page's address in a language: /mr for the home page, /mr/homeloan for /homeloan. */
export function localRoute(code: string, route: string): string {
  return route === '/' ? `/${code}` : `/${code}${route}`;
}

/** A problem found in a translation against its English file. */
export interface PairProblem {
  severity: 'error' | 'warning';
  pos: Position;
  path: string;
  message: string;
}

/**
 * A translation against its English file: a different shape (for a page, only behind: its
 * address shows the English page until it is brought into step, so the English can be
 * published first; elsewhere an error), and its stamp of the English it was made from.
 */
export function comparePair(
  translation: YamlSource,
  english: { data: unknown; name: string; label: string; isPage: boolean; absolute: string },
  shownAt: string | undefined,
): { problems: PairProblem[]; sound: boolean; outOfStep: boolean } {
  const problems: PairProblem[] = [];
  const data = translation.data as Record<string, unknown>;
  let sound = true;
  let outOfStep = false;
  for (const mismatch of structureMismatches(english.data, data)) {
    const where = displayPath(mismatch.missingKey ? [...mismatch.pointer, mismatch.missingKey] : mismatch.pointer);
    const pos = translation.positionOf(mismatch.pointer);
    if (english.isPage && shownAt) {
      outOfStep = true;
      problems.push({
        severity: 'warning',
        pos,
        path: where || english.label,
        message: `${mismatch.message} (until it is brought into step, ${shownAt} shows the English page)`,
      });
      continue;
    }
    sound = false;
    problems.push({ severity: 'error', pos, path: where || english.label, message: mismatch.message });
  }
  const now = fingerprint(english.data);
  if (typeof data.source !== 'string') {
    sound = false;
    problems.push({
      severity: 'error',
      pos: { line: 1, col: 1 },
      path: english.label,
      message: `has no source: fingerprint; once it matches the English file, run npm run translation:stamp -- ${english.absolute}`,
    });
  } else if (data.source !== now) {
    problems.push({
      severity: 'warning',
      pos: translation.positionOf(['source']),
      path: 'source',
      message: `is stale: ${english.name} has changed since this translation was made. Bring it up to date, then run npm run translation:stamp -- ${english.absolute}`,
    });
  }
  return { problems, sound, outOfStep };
}
