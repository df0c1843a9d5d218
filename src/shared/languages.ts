import { languages, loaders } from 'virtual:content/languages';
import type { PrivacyNotice } from '../content/privacy.generated';
import type { Site } from '../content/site.generated';
import type { InterfaceWords } from '../content/ui.generated';
import type { FormsWords } from './forms/formWords';

/** One language's words for everything around the pages: interface, menu, footer and the notice beside the forms. */
export interface LanguageWords {
  ui: InterfaceWords;
  privacy: PrivacyNotice;
  tagline?: string;
  privacyContactRole: string;
  nav: Site['nav'];
  footer: Site['footer'];
  /** The forms' words; none for English, whose words are in the form schemas. */
  forms?: FormsWords;
}

/** What every page knows of the firm from _site.yaml, whatever its language (see virtual:content/site). */
export type SiteDetails = Omit<Site, 'nav' | 'footer' | 'tagline' | 'sample' | 'untranslated'>;

/** The site's languages from _site.yaml; the first is the one every page is written in. */
export const LANGUAGES = languages;
export const SOURCE_LANGUAGE = LANGUAGES[0]!.code;

const loaded = new Map<string, LanguageWords>();
const loading = new Map<string, Promise<LanguageWords>>();

/**
 * Fetches a language's words (its own chunk); the page loader awaits this before drawing a
 * page, and the API server for every language before it starts.
 */
export function loadWords(code: string): Promise<LanguageWords> {
  const done = loaded.get(code);
  if (done) return Promise.resolve(done);
  let promise = loading.get(code);
  if (!promise) {
    promise = loaders[code]!().then((module) => {
      loaded.set(code, module.default);
      return module.default;
    });
    promise.catch(() => loading.delete(code)); // a dropped connection may succeed on the next try
    loading.set(code, promise);
  }
  return promise;
}

export function loadAllWords(): Promise<LanguageWords[]> {
  return Promise.all(LANGUAGES.map(({ code }) => loadWords(code)));
}

/** Whether a language's words are at hand, so wordsFor can give them without waiting. */
export function wordsLoaded(code: string): boolean {
  return loaded.has(code);
}

export function isLanguage(code: unknown): code is string {
  return typeof code === 'string' && LANGUAGES.some((language) => language.code === code);
}

/** A language's words; they must have been loaded (see loadWords), or a page would show the wrong language. */
export function wordsFor(code: string): LanguageWords {
  const words = loaded.get(code);
  if (!words) throw new Error(`The words of the language "${code}" are used before they were loaded`);
  return words;
}

/** The language of an address: "mr" for /mr and /mr/homeloan, English for everything else. */
export function languageOf(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return first !== SOURCE_LANGUAGE && isLanguage(first) ? first : SOURCE_LANGUAGE;
}

/** The English address of a page at any address: /mr/homeloan → /homeloan, /mr → /. */
export function basePath(pathname: string): string {
  const code = languageOf(pathname);
  return code === SOURCE_LANGUAGE ? pathname : pathname.slice(code.length + 1) || '/';
}

/** A page's address in a language: /homeloan → /mr/homeloan; other sites' and anchor links stay as they are. */
export function localPath(code: string, to: string): string {
  if (code === SOURCE_LANGUAGE || !to.startsWith('/')) return to;
  return to === '/' || to.startsWith('/?') || to.startsWith('/#') ? `/${code}${to.slice(1)}` : `/${code}${to}`;
}

/** How staff see an enquiry's language: "मराठी (mr)"; a dash for enquiries sent before the site had other languages. */
export function languageName(code: string | undefined): string {
  const language = LANGUAGES.find((candidate) => candidate.code === code);
  return language ? `${language.name} (${language.code})` : '—';
}

/** Fills the {name} places of an interface text. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
