import type { Content, ContentPage } from '../../src/content/checkContent';
import type { Desk } from '../../src/content/desk.generated';
import type { PrivacyNotice } from '../../src/content/privacy.generated';
import { iconModule } from '../../src/content/schemaValidator';
import { collectReferences } from '../../src/content/pageReferences';
import { localRoute } from '../../src/content/translations';
import { deskWorkflow, type DeskWorkflow } from '../../src/shared/deskWorkflow';
import type { FormLanguages } from '../../src/shared/forms/checkSubmission';
import { SiteLanguages, type LanguageWords, type SiteDetails } from '../../src/shared/languages';
import type { AdminData, IconData, PagePayload, SiteData } from '../../src/shared/siteData';
import { sitePictures, type ServedFile } from './sitePictures';

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
function siteDetails({ site }: Content): SiteDetails {
  const { nav: _nav, footer: _footer, tagline: _tagline, sample: _sample, untranslated: _untranslated, ...details } = site!;
  return details;
}

/** One language's words for the frame around the pages and for the forms. */
function languageWords({ site, ui, privacy, languages }: Content, code: string): LanguageWords {
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
export function siteDataOf(content: Content, lang: string): SiteData {
  return { site: siteDetails(content), languages: content.site!.languages, lang, words: languageWords(content, lang) };
}

/** Every route of every language; a page not yet translated is the English page at the language's address. */
function siteRoutes({ site, pages, languages }: Content): SiteRoute[] {
  const english = site!.languages[0]!.code;
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
        page: pages.find((page) => page.route === route)!,
      })),
    ]),
  ];
}

/**
 * The checked content as the running site uses it: its addresses, languages and words, the
 * desk's statuses, the privacy notice, and each page's payload (its data, icons and
 * pictures). Built whenever the content changes; nothing of it is compiled into the code.
 */
export class SiteContent {
  readonly languages: SiteLanguages;
  readonly site: SiteDetails;
  readonly desk: Desk;
  readonly workflow: DeskWorkflow;
  readonly privacy: PrivacyNotice;
  readonly routes: ReadonlyMap<string, SiteRoute>;
  readonly formLanguages: FormLanguages;

  private constructor(
    readonly content: Content,
    private readonly words: ReadonlyMap<string, LanguageWords>,
    private readonly payloads: ReadonlyMap<string, PagePayload>,
    private readonly notFound: ReadonlyMap<string, PagePayload>,
    readonly pictures: ReadonlyMap<string, ServedFile>,
    routes: SiteRoute[],
  ) {
    this.languages = new SiteLanguages(content.site!.languages);
    this.site = siteDetails(content);
    this.desk = content.desk!;
    this.workflow = deskWorkflow(this.desk);
    this.privacy = content.privacy!;
    this.routes = new Map(routes.map((route) => [route.path, route]));
    this.formLanguages = { source: this.languages.source, words: (code) => this.words.get(code) };
  }

  static async of(content: Content): Promise<SiteContent> {
    const { bySrc, byUrl } = sitePictures(content.folder);
    const codes = content.site!.languages.map((language) => language.code);
    const words = new Map(codes.map((code) => [code, languageWords(content, code)]));
    const routes = siteRoutes(content);
    const payloadOf = async (page: ContentPage, route: string, lang: string, untranslated: boolean): Promise<PagePayload> => {
      const references = collectReferences(page.data.blocks);
      const iconEntries = await Promise.all([...references.icons].map(async (name) => [name, await iconData(name)] as const));
      const assets = [...references.images].map((src) => {
        const { bytes: _bytes, type: _type, ...asset } = bySrc.get(src)!;
        return [src, asset] as const;
      });
      return {
        key: page.key,
        route,
        lang,
        untranslated,
        page: page.data,
        icons: Object.fromEntries(iconEntries),
        assets: Object.fromEntries(assets),
      };
    };
    const payloads = new Map(
      await Promise.all(
        routes.map(async (route) => [route.path, await payloadOf(route.page, route.path, route.lang, route.untranslated)] as const),
      ),
    );
    const notFoundPages = [
      [codes[0]!, content.notFound!] as const,
      ...content.languages.map((language) => [language.code, language.notFound!] as const),
    ];
    const notFound = new Map(
      await Promise.all(notFoundPages.map(async ([lang, page]) => [lang, await payloadOf(page, '', lang, false)] as const)),
    );
    return new SiteContent(content, words, payloads, notFound, byUrl, routes);
  }

  wordsOf(code: string): LanguageWords {
    return this.words.get(code) ?? this.words.get(this.languages.source)!;
  }

  siteData(lang: string): SiteData {
    const { ui, ...words } = this.wordsOf(lang);
    const { acknowledgement: _acknowledgement, ...browserUi } = ui;
    return { site: this.site, languages: [...this.languages.list], lang, words: { ...words, ui: browserUi } };
  }

  adminData(): AdminData {
    return { ...this.siteData(this.languages.source), desk: this.desk };
  }

  /** The page at an address, or its language's not-found page (with `found` false). */
  payload(path: string): { payload: PagePayload; found: boolean } {
    const payload = this.payloads.get(path);
    return payload ? { payload, found: true } : { payload: this.notFound.get(this.languages.of(path))!, found: false };
  }
}
