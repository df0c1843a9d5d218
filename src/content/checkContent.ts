import { classifyFile, DATA_FILES, GLOSSARY_FILE, listContentFiles, NOT_FOUND_FILE, type DataFileKind } from './contentFiles.js';
import type { ContentFolder } from './contentFolder.js';
import { contentPage, type ContentPage } from './contentPage.js';
import type { Desk } from './desk.generated.js';
import { examine, START, type FileContext, type FileReport, type Role } from './fileCheck.js';
import type { Glossary } from './glossary.generated.js';
import type { HouseStyle } from './housestyle.generated.js';
import { checkLanguages, wordsOfFile } from './languageCheck.js';
import type { PrivacyNotice } from './privacy.generated.js';
import { parseYaml, type Position } from './yamlSource.js';
import { blockWordsFiles } from './blockWords.js';
import { displayPath } from './describeError.js';
import { glossaryBreachesByLanguage } from './glossary.js';
import type { Site } from './site.generated.js';
import type { LanguageContent } from './translations.js';
import type { InterfaceWords } from '../shared/languages.js';
import type { InterfaceWordsFile } from './ui.generated.js';

export interface Problem {
  severity: 'error' | 'warning';
  /** The file's path inside the content folder: clcss.yaml, mr/clcss.yaml; with root, from the project's root. */
  file: string;
  /** Set for a file outside the content folder that the content holds to its rules: a block's words file. */
  root?: 'project';
  line: number;
  col: number;
  path: string;
  message: string;
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
  /**
   * The site's addresses, when the folder holds only part of it (a page with the files it is
   * drawn with, someFiles): links are judged against these rather than the folder's own pages.
   */
  addresses?: ReadonlySet<string>;
}

/** The most problems listed for one file; past it, one line says how many more there are. */
export const MAX_PROBLEMS_PER_FILE = 50;

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

  /**
   * The blocks' words files (src/blocks/<Block>/<type>.words.yaml) against each language's
   * glossary: their words reach every page, so a word a glossary avoids there is reported at its
   * line and column like one on a page. Worked out again only when a glossary changed.
   */
  private blockWordsBreaches(glossaries: ReadonlyMap<string, Glossary>, first: string): Problem[] {
    if (this.blockWords?.glossaries !== glossaries) {
      const same = this.blockWords && sameGlossaries(this.blockWords.glossaries, glossaries);
      this.blockWords = { glossaries, problems: same ? this.blockWords!.problems : wordsFileBreaches(glossaries, first) };
    }
    return this.blockWords.problems;
  }
  private blockWords?: { glossaries: ReadonlyMap<string, Glossary>; problems: Problem[] };

  check(folder: ContentFolder, options: CheckOptions = {}): Content {
    this.checks += 1;
    const today = options.today ?? new Date();
    const day = today.toISOString().slice(0, 10);
    const problems: Problem[] = [];
    const report = (severity: Problem['severity'], file: string, pos: Position, where: string, message: string) =>
      problems.push({ severity, file, ...pos, path: where, message });
    const content: Content = { folder, pages: [], languages: [], problems, pictures: new Map() };

    const reportOf = (file: string, role: Role, depends: string, context: Omit<FileContext, 'today'>): FileReport => {
      const key = `${file}\n${folder.digest(file)}\n${depends}`;
      let found = this.reports.get(key);
      if (!found) {
        // A copy: strings cut from the file's text (a title, a link) would otherwise keep the whole text
        // alive, and a checker keeping every file's report would hold the whole site (40 MB at 1,000 pages).
        found = { ...structuredClone(examine(file, role, folder.read(file), { ...context, today })), used: this.checks };
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
    const dataReport = (data: DataFileKind, file: string, depends = '', context: Omit<FileContext, 'today'> = {}) =>
      entries.has(file) ? reportOf(file, { kind: 'data', data }, depends, context) : undefined;
    const style = dataReport('style', DATA_FILES.style);
    const glossary = dataReport('glossary', GLOSSARY_FILE);
    if (style?.valid) content.style = style.data as HouseStyle;
    if (glossary?.valid) content.glossary = glossary.data as Glossary;
    const styled = `style ${digestIf(DATA_FILES.style, style)} glossary ${digestIf(GLOSSARY_FILE, glossary)}`;
    const site = dataReport('site', DATA_FILES.site, styled, { style: content.style, glossary: content.glossary });
    if (site?.valid) content.site = site.data as Site;
    const siteLanguages = content.site?.languages.map((language) => language.code);
    // Each translation's glossary, before the files checked against them: _desk.yaml speaks every language.
    const languageGlossaries = new Map<string, { glossary: Glossary; digest: string }>();
    for (const code of siteLanguages?.slice(1) ?? []) {
      const file = `${code}/${GLOSSARY_FILE}`;
      if (!folder.has(file)) continue;
      const found = reportOf(file, { kind: 'language-glossary' }, '', {});
      if (found.valid) languageGlossaries.set(code, { glossary: found.data as Glossary, digest: folder.digest(file) });
    }
    const glossaries = new Map<string, Glossary>([
      ...(content.glossary && siteLanguages ? [[siteLanguages[0]!, content.glossary] as const] : []),
      ...[...languageGlossaries].map(([code, { glossary }]) => [code, glossary] as const),
    ]);
    const glossariesKey = [...languageGlossaries].map(([code, { digest }]) => `${code} ${digest}`).join(' ');

    const checked = new Map<string, FileReport>();
    for (const [file, entry] of entries) {
      if (file === DATA_FILES.style || file === GLOSSARY_FILE || file === DATA_FILES.site) {
        if (file === DATA_FILES.site && site) checked.set(file, site);
        continue;
      }
      const context = { style: content.style, glossary: content.glossary };
      if (entry.kind === 'data') {
        const depends =
          entry.data === 'desk' ? `${styled} languages ${siteLanguages?.join(' ') ?? 'none'} glossaries ${glossariesKey}` : styled;
        const found = reportOf(file, { kind: 'data', data: entry.data }, depends, { ...context, siteLanguages, glossaries });
        if (!found.valid) continue;
        if (entry.data === 'desk') content.desk = found.data as Desk;
        else if (entry.data === 'privacy') content.privacy = found.data as PrivacyNotice;
        else if (entry.data === 'ui')
          content.ui = wordsOfFile(file, found.data as InterfaceWordsFile, content.site?.languages[0]?.code ?? 'en', report);
        checked.set(file, found);
        continue;
      }
      const found = reportOf(file, { kind: entry.kind }, `${styled} day ${day}`, context);
      if (!found.valid) continue;
      checked.set(file, found);
      const page = contentPage(folder, file, entry.key, entry.kind === 'page' ? entry.route : '', found.page);
      if (entry.kind === 'page') content.pages.push(page);
      else content.notFound = page;
    }

    // Addresses and pictures, now that every address is known.
    const routes = options.addresses ?? new Set([...entries.values()].flatMap((entry) => (entry.kind === 'page' ? [entry.route] : [])));
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
      content.languages = checkLanguages(folder, content, { reportOf, report, referencesOf, checked, glossaries: languageGlossaries });
      problems.push(...this.blockWordsBreaches(glossaries, siteLanguages![0]!));
    }

    const sorted = capped(problems.sort(byPlace));
    content.problems.splice(0, content.problems.length, ...sorted);
    content.pages.sort((a, b) => a.route.localeCompare(b.route));
    // Reports no recent check used are let go: a site's memory follows its size, not its history.
    for (const [key, found] of this.reports) if (found.used < this.checks - 2) this.reports.delete(key);
    return content;
  }
}

/** Reads, parses and validates every file of a content folder, collecting every problem rather than the first. */
export function checkContent(folder: ContentFolder, options: CheckOptions = {}): Content {
  return new ContentChecker().check(folder, options);
}

const sameGlossaries = (a: ReadonlyMap<string, Glossary>, b: ReadonlyMap<string, Glossary>) =>
  a.size === b.size && [...a].every(([code, glossary]) => JSON.stringify(glossary) === JSON.stringify(b.get(code)));

/** Each word a glossary avoids in a block's words file, at its line and column in that file (a path from the project's root). */
function wordsFileBreaches(glossaries: ReadonlyMap<string, Glossary>, first: string): Problem[] {
  return blockWordsFiles.flatMap(({ file, text }) => {
    const source = parseYaml(text);
    return glossaryBreachesByLanguage(glossaries, first, source).map((breach) => ({
      severity: 'warning' as const,
      file,
      root: 'project' as const,
      ...source.positionAt(breach.offset),
      path: displayPath(breach.pointer),
      message: breach.message,
    }));
  });
}
