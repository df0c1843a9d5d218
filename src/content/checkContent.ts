import {
  classifyFile,
  DATA_FILES,
  filesIn,
  GLOSSARY_FILE,
  languageFolders,
  listContentFiles,
  NOT_FOUND_FILE,
  TRANSLATED_DATA_FILES,
  type DataFileKind,
} from './contentFiles.js';
import type { ContentFolder } from './contentFolder.js';
import type { Desk } from './desk.generated.js';
import { deskProblems } from './deskChecks.js';
import { pageWarnings, sampleWarnings, unsourcedFigure } from './contentWarnings.js';
import { blockProblems } from './blockChecks.js';
import { glossaryBreaches } from './glossary.js';
import type { Glossary } from './glossary.generated.js';
import { houseStyleBreaches, patternProblems } from './houseStyle.js';
import type { HouseStyle } from './housestyle.generated.js';
import type { PrivacyNotice } from './privacy.generated.js';
import { displayPath, parsePointer } from './describeError.js';
import { reportSchemaErrors } from './validateSource.js';
import { placeholderProblems } from './placeholderChecks.js';
import { contentOutlines } from './schemaOutline.js';
import { validateWith, type ContentValidators } from './schemaValidator.js';
import { parseYaml, type Position } from './yamlSource.js';
import type { Page } from './page.generated.js';
import type { Site } from './site.generated.js';
import { comparePair, fingerprint, followedPart, FORMS_ENGLISH, localRoute, type LanguageContent, type SiteWords } from './translations.js';
import type { InterfaceWords } from './ui.generated.js';
import type { FormsWords } from '../shared/forms/formWords.js';

export interface Problem {
  severity: 'error' | 'warning';
  /** The file's path inside the content folder: clcss.yaml, mr/clcss.yaml. */
  file: string;
  line: number;
  col: number;
  path: string;
  message: string;
}

/** What the lists, the sitemap and the page's own head show of a page, kept without the rest of it. */
export interface PageSummary {
  title: string;
  updated: string;
  reviewed?: string;
}

export interface ContentPage extends PageSummary {
  key: string;
  route: string;
  /** Its path inside the content folder. */
  file: string;
  /** The page itself, read from its file when asked for (and kept only while in use): a site of thousands of pages is not held in memory. */
  readonly data: Page;
}

export interface Content {
  folder: ContentFolder;
  site?: Site;
  desk?: Desk;
  style?: HouseStyle;
  privacy?: PrivacyNotice;
  ui?: InterfaceWords;
  glossary?: Glossary;
  pages: ContentPage[];
  /** Every language but the first (English), with its translated pages and words. */
  languages: LanguageContent[];
  notFound?: ContentPage;
  problems: Problem[];
  /** The pictures each file of the site names (images/shop.jpg), read from its values, so an escaped path counts too. */
  pictures: Map<string, string[]>;
}

export interface CheckOptions {
  /** The day the review dates are measured against. */
  today?: Date;
}

/** The most problems listed for one file; past it, one line says how many more there are. */
export const MAX_PROBLEMS_PER_FILE = 50;

type Twin = 'page' | 'not-found' | keyof typeof TRANSLATED_DATA_FILES;

/** What a file is, as far as checking it on its own goes. */
type Role =
  | { kind: 'data'; data: DataFileKind }
  | { kind: 'page' }
  | { kind: 'not-found' }
  | { kind: 'language-glossary' }
  | { kind: 'translation'; twin: Twin; english: string; shownAt?: string };

interface Placed {
  pos: Position;
  path: string;
}

/** What checking one file on its own found: kept while the file and what it depends on stay the same. */
interface FileReport {
  problems: Problem[];
  /** It parsed and passed its schema (and, for a translation, has the English file's shape). */
  valid: boolean;
  /** A data file's or a translation's words, which the site keeps; a page's data is read again when needed. */
  data?: unknown;
  page?: PageSummary;
  /** For a file a translation follows: the fingerprint of what it says. */
  fingerprint?: string;
  /** A translated page whose English moved on: its address shows the English page until it is brought into step. */
  outOfStep?: boolean;
  links: (Placed & { route: string })[];
  images: (Placed & { src: string })[];
  /** The check that last used it; reports no check has used for a while are let go. */
  used: number;
}

/** What else a file's own check reads: the house style, its language's glossary, the day, the English file it translates. */
interface Context {
  style?: HouseStyle;
  glossary?: Glossary;
  today: Date;
  siteLanguages?: readonly string[];
  english?: () => { data: unknown; name: string };
}

const START = { line: 1, col: 1 };
/** The schema each file is checked against: a translation's site file holds only the site file's words. */
function validatorOf(role: Role): keyof ContentValidators {
  if (role.kind === 'data') return role.data;
  if (role.kind === 'language-glossary') return 'glossary';
  if (role.kind !== 'translation' || role.twin === 'not-found') return 'page';
  return role.twin === 'site' ? 'siteTranslation' : role.twin;
}
/** How a report names a file's whole document: (page), (site), (glossary). */
function rootLabel(role: Role): string {
  if (role.kind === 'data') return `(${role.data})`;
  if (role.kind === 'language-glossary') return '(glossary)';
  if (role.kind !== 'translation' || role.twin === 'not-found') return '(page)';
  return `(${role.twin})`;
}
/** The English files a translation can follow, besides the pages. */
const TRANSLATABLE: ReadonlySet<string> = new Set([NOT_FOUND_FILE, ...Object.values(TRANSLATED_DATA_FILES)]);
/** Files a reader reads: the house style and the glossaries are about the words, not words to read. */
const readable = (role: Role) =>
  !(role.kind === 'language-glossary' || (role.kind === 'data' && (role.data === 'style' || role.data === 'glossary')));

/** A page of the checked site, whose data is read from the folder when asked for. */
export function contentPage(folder: ContentFolder, file: string, key: string, route: string, summary: PageSummary): ContentPage {
  let kept: WeakRef<Page> | undefined;
  return {
    key,
    route,
    file,
    ...summary,
    get data() {
      let data = kept?.deref();
      if (!data) {
        data = parseYaml(folder.read(file)).data as Page;
        kept = new WeakRef(data);
      }
      return data;
    },
  };
}

/** Checks one file on its own: its syntax, its schema, and what can be said of it without the rest of the site. */
function examine(file: string, role: Role, text: string, context: Context): Omit<FileReport, 'used'> {
  const problems: Problem[] = [];
  const report = (severity: Problem['severity'], pos: Position, path: string, message: string) =>
    problems.push({ severity, file, ...pos, path, message });
  const invalid = () => ({ problems, valid: false, links: [], images: [] });
  const source = parseYaml(text);
  for (const error of source.syntaxErrors) report('error', error.pos, 'YAML syntax', error.message);
  if (source.syntaxErrors.length) return invalid();

  const label = rootLabel(role);
  // A place still holding its "Write the …" words (an empty scheme page, a new card) is reported as that, not also as too short.
  const unwritten = role.kind === 'page' ? placeholderProblems(source, contentOutlines()) : [];
  for (const problem of unwritten) report('error', source.positionOf(problem.pointer), displayPath(problem.pointer), problem.message);
  const placeholders = new Set(unwritten.map((problem) => displayPath(problem.pointer)));
  const { validate, valid, references } = validateWith(validatorOf(role), source.data);
  if (!valid) {
    reportSchemaErrors(validate, source, label, (pos, where, message) => {
      if (!placeholders.has(where)) report('error', pos, where, message);
    });
    return invalid();
  }
  const placed = (instancePath: string): Placed => {
    const pointer = parsePointer(instancePath);
    return { pos: source.positionOf(pointer), path: displayPath(pointer) };
  };
  const found: Omit<FileReport, 'used'> = {
    problems,
    valid: true,
    links: references.links.map((link) => ({ route: link.route, ...placed(link.instancePath) })),
    images: references.images.map((image) => ({ src: image.src, ...placed(image.instancePath) })),
  };
  const at = (pointer: string[]) => source.positionOf(pointer);
  const data = source.data;
  const isPage =
    role.kind === 'page' ||
    role.kind === 'not-found' ||
    (role.kind === 'translation' && (role.twin === 'page' || role.twin === 'not-found'));

  if (role.kind === 'translation') {
    const english = context.english!();
    const pair = comparePair(source, { ...english, label, isPage, absolute: file }, role.shownAt);
    for (const problem of pair.problems) report(problem.severity, problem.pos, problem.path, problem.message);
    found.valid = pair.sound;
    found.outOfStep = pair.outOfStep;
    if (pair.sound && !pair.outOfStep) {
      if (isPage)
        for (const problem of blockProblems(data as Page, source))
          report('error', problem.position, displayPath(problem.pointer), problem.message);
      else found.data = data;
    }
  } else if (role.kind === 'data' || role.kind === 'language-glossary') {
    found.data = data;
    if (role.kind === 'data' && role.data === 'site') {
      for (const warning of sampleWarnings(data as Site))
        report('warning', at(warning.pointer), displayPath(warning.pointer), warning.message);
    }
    if (role.kind === 'data' && role.data === 'desk' && context.siteLanguages) {
      for (const problem of deskProblems(data as Desk, context.siteLanguages))
        report('error', at(problem.pointer), displayPath(problem.pointer), problem.message);
    }
    if (role.kind === 'data' && role.data === 'style') {
      for (const problem of patternProblems(data as HouseStyle))
        report('error', at(problem.pointer), displayPath(problem.pointer), problem.message);
    }
    if (role.kind === 'data' && (role.data === 'site' || role.data === 'privacy' || role.data === 'ui')) {
      found.fingerprint = fingerprint(followedPart(file, data));
    }
  } else {
    for (const problem of blockProblems(data as Page, source))
      report('error', problem.position, displayPath(problem.pointer), problem.message);
    for (const warning of pageWarnings(data as Page, context.today)) {
      report('warning', at(warning.pointer), displayPath(warning.pointer), warning.message);
    }
    found.fingerprint = fingerprint(data);
  }
  if (isPage && found.valid) {
    const page = data as Page;
    found.page = { title: page.title, updated: page.updated, ...(page.reviewed && { reviewed: page.reviewed }) };
  }

  // The house style on the site file and the English pages; the glossary on every file a reader reads.
  const styled = role.kind === 'page' || role.kind === 'not-found' || (role.kind === 'data' && role.data === 'site');
  const breaches = [
    ...(context.style && styled ? houseStyleBreaches(context.style, source, data) : []),
    ...(context.glossary && readable(role) ? glossaryBreaches(context.glossary, source) : []),
    ...(role.kind === 'page' ? unsourcedFigure(data as Page, source) : []),
  ];
  for (const breach of breaches) report('warning', source.positionAt(breach.offset), displayPath(breach.pointer), breach.message);
  return found;
}

/** At most MAX_PROBLEMS_PER_FILE problems of each file, then one saying how many more it has. */
function capped(problems: Problem[]): Problem[] {
  const byFile = new Map<string, Problem[]>();
  for (const problem of problems) {
    const list = byFile.get(problem.file) ?? [];
    list.push(problem);
    byFile.set(problem.file, list);
  }
  return [...byFile.values()].flatMap((list) => {
    if (list.length <= MAX_PROBLEMS_PER_FILE) return list;
    const rest = list.slice(MAX_PROBLEMS_PER_FILE);
    const first = rest[0]!;
    return [
      ...list.slice(0, MAX_PROBLEMS_PER_FILE),
      {
        ...first,
        severity: rest.some((problem) => problem.severity === 'error') ? ('error' as const) : ('warning' as const),
        path: '(file)',
        message: `has ${rest.length} more problems from here on; fix the ones above first`,
      },
    ];
  });
}

const byPlace = (a: Problem, b: Problem) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col;

/**
 * Checks content folders, keeping what it learnt of each file: a file is checked again only
 * when its text or something its own check reads (the house style, its glossary, the English
 * file it translates, the day) changed; what spans files (addresses, links, pictures, which
 * translations exist) is worked out afresh each time from what each file's check kept. So a
 * site of thousands of pages is checked in full once, and each change after that costs what it
 * changes. One checker serves one site; `checkContent` checks a folder once.
 */
export class ContentChecker {
  private readonly reports = new Map<string, FileReport>();
  private checks = 0;

  /** What the checker has learnt, as plain data, to be kept between runs of the same code (a cache: losing it costs only time). */
  learnt(): [string, unknown][] {
    return [...this.reports];
  }

  /** Takes back what `learnt` gave, from a run of the same code. */
  relearn(entries: readonly [string, unknown][]): void {
    for (const [key, report] of entries) this.reports.set(key, { ...(report as FileReport), used: this.checks });
  }

  check(folder: ContentFolder, options: CheckOptions = {}): Content {
    this.checks += 1;
    const today = options.today ?? new Date();
    const day = today.toISOString().slice(0, 10);
    const problems: Problem[] = [];
    const report = (severity: Problem['severity'], file: string, pos: Position, where: string, message: string) =>
      problems.push({ severity, file, ...pos, path: where, message });
    const content: Content = { folder, pages: [], languages: [], problems, pictures: new Map() };

    const reportOf = (file: string, role: Role, depends: string, context: Omit<Context, 'today'>): FileReport => {
      const key = `${file}\n${folder.digest(file)}\n${depends}`;
      let found = this.reports.get(key);
      if (!found) {
        found = { ...examine(file, role, folder.read(file), { ...context, today }), used: this.checks };
        this.reports.set(key, found);
      }
      found.used = this.checks;
      problems.push(...found.problems);
      return found;
    };
    const digestIf = (file: string, report: FileReport | undefined) => (report?.valid ? folder.digest(file) : 'none');

    // The top of the folder: every file is a page, the 404 page or a data file; the house style,
    // the glossary and the site file first, since the others' checks read them.
    const entries = new Map<string, Exclude<ReturnType<typeof classifyFile>, { kind: 'invalid' }>>();
    const claimed = new Map<string, string>();
    for (const file of listContentFiles(folder)) {
      const entry = classifyFile(file);
      if (entry.kind === 'invalid') {
        report('error', file, START, '(file)', entry.reason);
        continue;
      }
      if (entry.kind === 'page') {
        // Routes are compared without case because about.yaml and About.yaml collide on Windows and macOS disks.
        const owner = claimed.get(entry.route.toLowerCase());
        if (owner) {
          report(
            'error',
            file,
            START,
            '(file)',
            `claims the address ${entry.route}, which ${folder.label}/${owner} already has; rename or remove one of them`,
          );
          continue;
        }
        claimed.set(entry.route.toLowerCase(), file);
      }
      entries.set(file, entry);
    }
    for (const required of [...Object.values(DATA_FILES), NOT_FOUND_FILE]) {
      if (!entries.has(required)) report('error', required, START, '(file)', 'is missing; every site needs this file');
    }
    const dataReport = (data: DataFileKind, file: string, depends = '', context: Omit<Context, 'today'> = {}) =>
      entries.has(file) ? reportOf(file, { kind: 'data', data }, depends, context) : undefined;
    const style = dataReport('style', DATA_FILES.style);
    const glossary = dataReport('glossary', GLOSSARY_FILE);
    if (style?.valid) content.style = style.data as HouseStyle;
    if (glossary?.valid) content.glossary = glossary.data as Glossary;
    const styled = `style ${digestIf(DATA_FILES.style, style)} glossary ${digestIf(GLOSSARY_FILE, glossary)}`;
    const site = dataReport('site', DATA_FILES.site, styled, { style: content.style, glossary: content.glossary });
    if (site?.valid) content.site = site.data as Site;
    const siteLanguages = content.site?.languages.map((language) => language.code);

    const checked = new Map<string, FileReport>();
    for (const [file, entry] of entries) {
      if (file === DATA_FILES.style || file === GLOSSARY_FILE || file === DATA_FILES.site) {
        if (file === DATA_FILES.site && site) checked.set(file, site);
        continue;
      }
      const context = { style: content.style, glossary: content.glossary };
      if (entry.kind === 'data') {
        const depends = entry.data === 'desk' ? `${styled} languages ${siteLanguages?.join(' ') ?? 'none'}` : styled;
        const found = reportOf(file, { kind: 'data', data: entry.data }, depends, { ...context, siteLanguages });
        if (!found.valid) continue;
        if (entry.data === 'desk') content.desk = found.data as Desk;
        else if (entry.data === 'privacy') content.privacy = found.data as PrivacyNotice;
        else if (entry.data === 'ui') content.ui = found.data as InterfaceWords;
        checked.set(file, found);
        continue;
      }
      const found = reportOf(file, { kind: entry.kind }, `${styled} day ${day}`, context);
      if (!found.valid) continue;
      checked.set(file, found);
      const page = contentPage(folder, file, entry.key, entry.kind === 'page' ? entry.route : '', found.page!);
      if (entry.kind === 'page') content.pages.push(page);
      else content.notFound = page;
    }

    // Addresses and pictures, now that every address is known.
    const routes = new Set([...entries.values()].flatMap((entry) => (entry.kind === 'page' ? [entry.route] : [])));
    const referencesOf = (file: string, found: FileReport) => {
      for (const link of found.links) {
        if (routes.has(link.route)) continue;
        const missing = link.route === '/' ? 'index' : link.route.slice(1);
        report(
          'error',
          file,
          link.pos,
          link.path,
          `links to ${link.route}, but no page has that address (there is no pages-data/${missing}.yaml)`,
        );
      }
      if (found.images.length > 0) content.pictures.set(file, [...new Set(found.images.map((image) => image.src))]);
      for (const image of found.images) {
        if (!folder.has(image.src))
          report('error', file, image.pos, image.path, `names a picture that does not exist: ${folder.label}/${image.src}`);
      }
    };
    for (const [file, found] of checked) referencesOf(file, found);

    if (content.site) {
      content.languages = this.languages(folder, content, { reportOf, report, referencesOf, checked, routes });
    }

    const sorted = capped(problems.sort(byPlace));
    content.problems.splice(0, content.problems.length, ...sorted);
    content.pages.sort((a, b) => a.route.localeCompare(b.route));
    // Reports no recent check used are let go: a site's memory follows its size, not its history.
    for (const [key, found] of this.reports) if (found.used < this.checks - 2) this.reports.delete(key);
    return content;
  }

  /**
   * Every language folder against the English content: each English page, the 404 page and
   * the files of words have a translation (or the page is listed as untranslated), each
   * translation passes its schema and has its source's shape, and a translation made from an
   * older English file is reported as stale.
   */
  private languages(
    folder: ContentFolder,
    content: Content,
    tools: {
      reportOf: (file: string, role: Role, depends: string, context: Omit<Context, 'today'>) => FileReport;
      report: (severity: Problem['severity'], file: string, pos: Position, where: string, message: string) => void;
      referencesOf: (file: string, found: FileReport) => void;
      checked: ReadonlyMap<string, FileReport>;
      routes: ReadonlySet<string>;
    },
  ): LanguageContent[] {
    const site = content.site!;
    const declared = new Set(site.languages.map((language) => language.code));
    for (const code of languageFolders(folder)) {
      if (!declared.has(code) || code === site.languages[0]!.code) {
        tools.report(
          'error',
          code,
          START,
          '(folder)',
          `is a language folder, but _site.yaml's languages do not list ${code} as a translation; add it there or remove the folder`,
        );
      }
    }
    const english = new Map(content.pages.map((page) => [page.file, page]));
    // The English files a language follows: each valid page, the 404 page, and the files of words.
    const twins = new Map<string, { twin: Twin; name: string; digest: string; data: () => unknown; route?: string }>();
    for (const page of content.pages)
      twins.set(page.file, { twin: 'page', name: page.file, digest: folder.digest(page.file), data: () => page.data, route: page.route });
    if (content.notFound)
      twins.set(NOT_FOUND_FILE, {
        twin: 'not-found',
        name: NOT_FOUND_FILE,
        digest: folder.digest(NOT_FOUND_FILE),
        data: () => content.notFound!.data,
      });
    for (const kind of ['site', 'privacy', 'ui'] as const) {
      const file = TRANSLATED_DATA_FILES[kind];
      const found = tools.checked.get(file);
      if (found?.valid)
        twins.set(file, { twin: kind, name: file, digest: folder.digest(file), data: () => followedPart(file, found.data) });
    }
    twins.set(TRANSLATED_DATA_FILES.forms, { twin: 'forms', name: 'the form schemas', digest: 'forms', data: () => FORMS_ENGLISH });

    const languages = site.languages.slice(1).map(({ code, name }) => {
      const language: LanguageContent = { code, name, pages: [], untranslated: [] };
      const files = new Set(filesIn(folder, code));
      let glossaryKey = 'none';
      if (files.has(GLOSSARY_FILE)) {
        const found = tools.reportOf(`${code}/${GLOSSARY_FILE}`, { kind: 'language-glossary' }, '', {});
        if (found.valid) {
          language.glossary = found.data as Glossary;
          glossaryKey = folder.digest(`${code}/${GLOSSARY_FILE}`);
        }
      }
      return { language, files, glossaryKey };
    });
    // File by file across the languages, so an English file read for its translations is read once.
    const names = [...new Set(languages.flatMap(({ files }) => [...files]))].sort();
    for (const file of names) {
      if (file === GLOSSARY_FILE) continue;
      const twin = twins.get(file);
      let data: unknown;
      const englishData = () => (data ??= twin!.data());
      for (const { language, files, glossaryKey } of languages) {
        if (!files.has(file)) continue;
        const { code } = language;
        const absolute = `${code}/${file}`;
        if (!twin) {
          // An English file that exists but does not pass its own check is reported there; its translations wait for it.
          const kind = classifyFile(file);
          if (folder.has(file) && (kind.kind === 'page' || TRANSLATABLE.has(file))) continue;
          const why =
            kind.kind === 'invalid'
              ? kind.reason
              : `has no English source: a translation takes the name of an English file in pages-data/ (${file} is not one)`;
          tools.report('error', absolute, START, '(file)', why);
          continue;
        }
        const shownAt = twin.route === undefined ? undefined : localRoute(code, twin.route);
        const found = tools.reportOf(
          absolute,
          { kind: 'translation', twin: twin.twin, english: file, ...(shownAt && { shownAt }) },
          `glossary ${glossaryKey} english ${twin.digest}`,
          { ...(language.glossary && { glossary: language.glossary }), english: () => ({ data: englishData(), name: twin.name }) },
        );
        tools.referencesOf(absolute, found);
        if (found.outOfStep) {
          language.untranslated.push(twin.route!);
          continue;
        }
        if (!found.valid) continue;
        if (twin.twin === 'site') language.site = found.data as SiteWords;
        else if (twin.twin === 'privacy') language.privacy = found.data as PrivacyNotice;
        else if (twin.twin === 'ui') language.ui = found.data as InterfaceWords;
        else if (twin.twin === 'forms') language.forms = found.data as FormsWords;
        else {
          const page = english.get(file) ?? content.notFound!;
          const translated = contentPage(folder, absolute, `${code}/${page.key}`, page.route && localRoute(code, page.route), found.page!);
          if (twin.twin === 'not-found') language.notFound = translated;
          else language.pages.push(translated);
        }
      }
    }

    return languages.map(({ language, files }) => {
      const { code, name } = language;
      const listed = new Set(site.untranslated?.[code] ?? []);
      const inFolder = (file: string) => `${code}/${file}`;
      for (const [file, twin] of twins) {
        if (files.has(file)) {
          if (twin.route && listed.has(twin.route))
            tools.report(
              'warning',
              DATA_FILES.site,
              START,
              `untranslated.${code}`,
              `lists ${twin.route}, which now has a translation (${code}/${file}); take it off the list`,
            );
          continue;
        }
        if (twin.route && listed.has(twin.route)) {
          language.untranslated.push(twin.route);
          tools.report(
            'warning',
            inFolder(file),
            START,
            '(file)',
            `is not translated yet: ${localRoute(code, twin.route)} shows the English page with a note in ${name}`,
          );
        } else {
          const hint = twin.route ? ` or list ${twin.route} under untranslated: ${code}: in _site.yaml` : '';
          tools.report(
            'error',
            inFolder(file),
            START,
            '(file)',
            `is missing: ${twin.name} has no ${name} (${code}) translation; translate it${hint}`,
          );
        }
      }
      language.pages.sort((a, b) => a.route.localeCompare(b.route));
      return language;
    });
  }
}

/** Reads, parses and validates every file of a content folder, collecting every problem rather than the first. */
export function checkContent(folder: ContentFolder, options: CheckOptions = {}): Content {
  return new ContentChecker().check(folder, options);
}
