import { createHash } from 'node:crypto';
import type { Content } from '../../src/content/checkContent';
import type { ContentPage } from '../../src/content/contentPage';
import type { Desk } from '../../src/content/desk.generated';
import type { PrivacyNotice } from '../../src/content/privacy.generated';
import { iconModule } from '../../src/content/schemaValidator';
import { collectReferences } from '../../src/content/pageReferences';
import { localRoute } from '../../src/content/translations';
import { deskWorkflow, type DeskWorkflow } from '../../src/shared/deskWorkflow';
import type { FormLanguages } from '../../src/shared/forms/checkSubmission';
import { SiteLanguages, type LanguageWords, type SiteDetails } from '../../src/shared/languages';
import type { AdminData, IconData, PagePayload, SiteData } from '../../src/shared/siteData';
import { sitePictures, type ServedFile, type ServedPicture } from './sitePictures';

/** One address of the site: the page shown there, in which language, and its English address. */
export interface SiteRoute {
  path: string;
  lang: string;
  /** The English address of the same page, which every language's version shares. */
  base: string;
  untranslated: boolean;
  page: ContentPage;
}

const icons = new Map<string, Promise<IconData>>();

/** The drawing of one Lucide icon, read from lucide-react's own module for it, once per process. */
function iconData(name: string): Promise<IconData> {
  let found = icons.get(name);
  if (!found) {
    found = import(import.meta.resolve(iconModule(name))).then((module: { __iconData: IconData }) => module.__iconData);
    icons.set(name, found);
  }
  return found;
}

/** The firm's details every page uses, in every language; the menu, footer and tagline are words, and travel with them. */
function siteDetails({ site }: Pick<Content, 'site'>): SiteDetails {
  const { nav: _nav, footer: _footer, tagline: _tagline, sample: _sample, untranslated: _untranslated, ...details } = site!;
  return details;
}

/** One language's words for the frame around the pages and for the forms. */
function languageWords(
  { site, ui, privacy, languages }: Pick<Content, 'site' | 'ui' | 'privacy' | 'languages'>,
  code: string,
): LanguageWords {
  const language = languages.find((candidate) => candidate.code === code);
  if (!language) {
    return {
      ui: ui!,
      privacy: privacy!,
      tagline: site!.tagline,
      privacyContactRole: site!.privacyContact.role,
      nav: site!.nav,
      footer: site!.footer,
    };
  }
  return {
    ui: language.ui!,
    privacy: language.privacy!,
    tagline: language.site!.tagline,
    privacyContactRole: language.site!.privacyContactRole,
    forms: language.forms,
    nav: language.site!.nav,
    footer: language.site!.footer,
  };
}

/** The firm, the languages and one language's words, as a page in that language is drawn with them. */
export function siteDataOf(content: Pick<Content, 'site' | 'ui' | 'privacy' | 'languages'>, lang: string): SiteData {
  return { site: siteDetails(content), languages: content.site!.languages, lang, words: languageWords(content, lang) };
}

/** Every route of every language; a page not yet translated is the English page at the language's address. */
function siteRoutes({ site, pages, languages }: Content): SiteRoute[] {
  const english = site!.languages[0]!.code;
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  return [
    ...pages.map((page) => ({ path: page.route, lang: english, base: page.route, untranslated: false, page })),
    ...languages.flatMap((language) => [
      ...language.pages.map((page) => ({
        path: page.route,
        lang: language.code,
        base: page.route.slice(language.code.length + 1) || '/',
        untranslated: false,
        page,
      })),
      ...language.untranslated.map((route) => ({
        path: localRoute(language.code, route),
        lang: language.code,
        base: route,
        untranslated: true,
        page: byRoute.get(route)!,
      })),
    ]),
  ];
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

/** Payloads made lately, kept so that a page's document and the next visitor's move to it do not read its file twice. */
const PAYLOADS_KEPT = 64;

/**
 * Whether checked content has everything each page is drawn with: the site file, the desk,
 * the privacy notice, the interface words and the 404 page, and each language's words. Content
 * that fails the check can still have them (a link to a page that is gone); without them,
 * nothing can be drawn.
 */
export function canServe(content: Content): boolean {
  const { site, desk, privacy, ui, notFound, languages } = content;
  return Boolean(
    site && desk && privacy && ui && notFound && languages.every((language) => language.site && language.privacy && language.ui),
  );
}

/**
 * The checked content as the running site uses it: its addresses, languages and words, the
 * desk's statuses, the privacy notice, and each page's payload (its data, icons and pictures),
 * made when a page is asked for. Built whenever the content changes, which costs what the
 * site's list of addresses costs, not what its pages hold; nothing of it is compiled into the code.
 *
 * While the server's check of the whole site runs, at its start, the site is provisional
 * (provisionalSite.ts): its addresses come from the files' names, and each page is served from
 * the content of its own check (`servedBy`), made when it is first asked for.
 */
export class SiteContent {
  readonly languages: SiteLanguages;
  readonly site: SiteDetails;
  readonly desk: Desk;
  readonly workflow: DeskWorkflow;
  readonly privacy: PrivacyNotice;
  readonly routes: ReadonlyMap<string, SiteRoute>;
  readonly formLanguages: FormLanguages;
  /** The 404 page of each language. */
  private readonly notFound: ReadonlyMap<string, ContentPage>;
  private readonly words: ReadonlyMap<string, LanguageWords>;
  /**
   * What a page of each language is drawn with besides its file, as a key, in two parts: what the
   * page's own drawing reads (the firm's details, the languages, the words but the frame's own),
   * and what only the frame around every page shows (the menu, the footer's links, the tagline).
   */
  private readonly frames: ReadonlyMap<string, { page: string; shell: string }>;
  private readonly payloads = new Map<string, Promise<PagePayload>>();
  readonly pictures: ReadonlyMap<string, ServedFile>;
  private readonly bySrc: ReadonlyMap<string, ServedPicture>;

  private constructor(
    readonly content: Content,
    /** While the site is provisional: the content of the page at an address and its translations, each checked on its own. */
    private readonly pagesOf?: (path: string) => SiteContent | undefined,
  ) {
    this.languages = new SiteLanguages(content.site!.languages);
    this.site = siteDetails(content);
    this.desk = content.desk!;
    this.workflow = deskWorkflow(this.desk, this.site.openingHours);
    this.privacy = content.privacy!;
    this.routes = new Map(siteRoutes(content).map((route) => [route.path, route]));
    const codes = content.site!.languages.map((language) => language.code);
    this.words = new Map(codes.map((code) => [code, languageWords(content, code)]));
    const siteKey = `${hashOf(this.site)} ${hashOf(content.site!.languages)}`;
    this.frames = new Map(
      codes.map((code) => {
        const { nav, footer, tagline, ...pageWords } = this.words.get(code)!;
        return [code, { page: `${siteKey} ${hashOf(pageWords)}`, shell: hashOf({ nav, footer, tagline }) }];
      }),
    );
    this.notFound = new Map([
      [codes[0]!, content.notFound!],
      ...content.languages.flatMap((language) => (language.notFound ? [[language.code, language.notFound] as const] : [])),
    ]);
    this.formLanguages = { source: this.languages.source, words: (code) => this.words.get(code) };
    const { bySrc, byUrl } = sitePictures(content.folder);
    this.bySrc = bySrc;
    this.pictures = byUrl;
  }

  static of(content: Content): SiteContent {
    return new SiteContent(content);
  }

  /**
   * The site before its whole check has finished: `content` has the checked files every page
   * is drawn with and its pages by their files' names; `pagesOf` gives, for an address, the
   * content that serves it, checked on its own (or undefined where no file claims the address).
   */
  static provisional(content: Content, pagesOf: (path: string) => SiteContent | undefined): SiteContent {
    return new SiteContent(content, pagesOf);
  }

  /** True until the whole site has been checked: the addresses are the files' names, and `servedBy` checks each page as it is asked for. */
  get provisional(): boolean {
    return this.pagesOf !== undefined;
  }

  /** The content an address is served from: this, or while the site is provisional, that page's own checked content. */
  servedBy(path: string): SiteContent {
    return this.pagesOf?.(path) ?? this;
  }

  wordsOf(code: string): LanguageWords {
    return this.words.get(code) ?? this.words.get(this.languages.source)!;
  }

  siteData(lang: string): SiteData {
    const { ui, ...words } = this.wordsOf(lang);
    const { acknowledgement: _acknowledgement, dailyList: _dailyList, documentsEmail: _documentsEmail, ...browserUi } = ui;
    return { site: this.site, languages: [...this.languages.list], lang, words: { ...words, ui: browserUi } };
  }

  adminData(): AdminData {
    return { ...this.siteData(this.languages.source), desk: this.desk };
  }

  /** The page shown at an address, or its language's 404 page (with `found` false). */
  pageAt(path: string): { page: ContentPage; lang: string; untranslated: boolean; found: boolean } {
    const route = this.routes.get(path);
    if (route) return { page: route.page, lang: route.lang, untranslated: route.untranslated, found: true };
    const lang = this.languages.of(path);
    return { page: this.notFound.get(lang) ?? this.notFound.get(this.languages.source)!, lang, untranslated: false, found: false };
  }

  /**
   * The key of what a page's document is drawn from besides the code: its file (the English
   * file for a page not yet translated; see pageTextOf), what its own parts read of the site and
   * the languages it exists in (see ownPartOf), then the frame around it. The same key, the same document.
   */
  documentKey(path: string): string {
    const { page, lang, untranslated } = this.pageAt(path);
    const base = this.routes.get(path)?.base;
    const versions =
      base === undefined
        ? ''
        : [...this.languages.list]
            .map(({ code }) => (this.routes.has(code === this.languages.source ? base : localRoute(code, base)) ? code : '-'))
            .join('');
    const frame = this.frames.get(lang)!;
    return `${this.content.folder.digest(page.file)} ${frame.page} ${untranslated} ${versions}${FRAME_START}${frame.shell}`;
  }

  /** The key of the frame every page of a language is drawn in: it is drawn again when this changes. */
  shellKey(lang: string): string {
    const frame = this.frames.get(lang) ?? this.frames.get(this.languages.source)!;
    return `${frame.page} ${frame.shell}`;
  }

  /** The page at an address, or its language's 404 page (with `found` false), as the browser is given it. */
  async payload(path: string): Promise<{ payload: PagePayload; found: boolean }> {
    const { page, lang, untranslated, found } = this.pageAt(path);
    const route = found ? path : '';
    const key = `${lang} ${route}`;
    let made = this.payloads.get(key);
    if (!made) {
      made = this.payloadOf(page, route, lang, untranslated);
      this.payloads.set(key, made);
      made.catch(() => this.payloads.delete(key));
      if (this.payloads.size > PAYLOADS_KEPT) this.payloads.delete(this.payloads.keys().next().value!);
    }
    return { payload: await made, found };
  }

  private async payloadOf(page: ContentPage, route: string, lang: string, untranslated: boolean): Promise<PagePayload> {
    const data = page.data;
    const references = collectReferences(data.blocks);
    const iconEntries = await Promise.all([...references.icons].map(async (name) => [name, await iconData(name)] as const));
    const assets = [...references.images].map((src) => {
      const { bytes: _bytes, type: _type, ...asset } = this.bySrc.get(src)!;
      return [src, asset] as const;
    });
    return {
      key: page.key,
      route,
      lang,
      untranslated,
      page: data,
      icons: Object.fromEntries(iconEntries),
      assets: Object.fromEntries(assets),
    };
  }
}

/** The part of a document's key that is its page's own text: when that changed, its editor has just published it. */
export const pageTextOf = (documentKey: string): string => documentKey.slice(0, documentKey.indexOf(' '));

const FRAME_START = ' | ';

/** The part of a document's key that its own pieces depend on: while it stays the same, they are put in a new frame as they are. */
export const ownPartOf = (documentKey: string): string => documentKey.slice(0, documentKey.indexOf(FRAME_START));
