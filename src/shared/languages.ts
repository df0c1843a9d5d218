import table from 'virtual:content/languages';
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

export interface LanguageTable {
  languages: { code: string; name: string }[];
  words: Record<string, LanguageWords>;
}

/** The site's languages from _site.yaml; the first is the one every page is written in. */
export const LANGUAGES = table.languages;
export const SOURCE_LANGUAGE = LANGUAGES[0]!.code;

export function isLanguage(code: unknown): code is string {
  return typeof code === 'string' && LANGUAGES.some((language) => language.code === code);
}

export function wordsFor(code: string): LanguageWords {
  return table.words[code] ?? table.words[SOURCE_LANGUAGE]!;
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

/** Fills the {name} places of an interface text. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
