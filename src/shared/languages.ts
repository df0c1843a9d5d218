import type { PrivacyNotice } from '../content/privacy.generated';
import type { Site } from '../content/site.generated';
import type { InterfaceWordsFile } from '../content/ui.generated';
import type { FormsWords } from './forms/formWords';

/**
 * One language's interface words as pages are drawn with them: its _ui.yaml, with the words
 * each block owns (src/blocks/<Block>/<type>.words.yaml) where the file gives none
 * (src/content/blockWords.ts).
 */
export type InterfaceWords = {
  [Section in Exclude<keyof InterfaceWordsFile, 'source'>]-?: Required<NonNullable<InterfaceWordsFile[Section]>>;
} & Pick<InterfaceWordsFile, 'source'>;

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

/** A language's words as the browser gets them: without the e-mails' words (the acknowledgement, the daily list, the request for documents), which only the server sends. */
export type BrowserWords = Omit<LanguageWords, 'ui'> & { ui: Omit<InterfaceWords, 'acknowledgement' | 'dailyList' | 'documentsEmail'> };

/** What every page knows of the firm from _site.yaml, whatever its language. */
export type SiteDetails = Omit<Site, 'nav' | 'footer' | 'tagline' | 'sample' | 'untranslated'>;

export interface Language {
  code: string;
  name: string;
}

/**
 * The site's languages from _site.yaml (the first is the one every page is written in), and
 * how an address carries one: /homeloan is English, /mr/homeloan Marathi, /mr the Marathi home page.
 */
export class SiteLanguages {
  readonly source: string;

  constructor(readonly list: readonly Language[]) {
    this.source = list[0]!.code;
  }

  has(code: unknown): code is string {
    return typeof code === 'string' && this.list.some((language) => language.code === code);
  }

  /** The language of an address: "mr" for /mr and /mr/homeloan, English for everything else. */
  of(pathname: string): string {
    const first = pathname.split('/')[1] ?? '';
    return first !== this.source && this.has(first) ? first : this.source;
  }

  /** The English address of a page at any address: /mr/homeloan → /homeloan, /mr → /. */
  basePath(pathname: string): string {
    const code = this.of(pathname);
    return code === this.source ? pathname : pathname.slice(code.length + 1) || '/';
  }

  /** A page's address in a language: /homeloan → /mr/homeloan; other sites' and anchor links stay as they are. */
  localPath(code: string, to: string): string {
    if (code === this.source || !to.startsWith('/')) return to;
    return to === '/' || to.startsWith('/?') || to.startsWith('/#') ? `/${code}${to.slice(1)}` : `/${code}${to}`;
  }

  /** A language as people read it (मराठी), never its code; the code for a language the site does not have. */
  nameOf(code: string): string {
    return this.list.find((language) => language.code === code)?.name ?? code;
  }

  /** How staff see an enquiry's language: "मराठी (mr)"; a dash for enquiries sent before the site had other languages. */
  label(code: string | undefined): string {
    const language = this.list.find((candidate) => candidate.code === code);
    return language ? `${language.name} (${language.code})` : '—';
  }
}

/** Fills the {name} places of an interface text. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
