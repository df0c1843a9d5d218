// The check of every language folder against the English content, kept apart from the checker's
// run over the top of the folder: it needs only what that run found of the English files.
import {
  classifyFile,
  DATA_FILES,
  filesIn,
  GLOSSARY_FILE,
  languageFolders,
  NOT_FOUND_FILE,
  TRANSLATED_DATA_FILES,
} from './contentFiles.js';
import type { Content, Problem } from './checkContent.js';
import type { ContentFolder } from './contentFolder.js';
import { contentPage } from './contentPage.js';
import { START, type FileContext, type FileReport, type Role, type Twin } from './fileCheck.js';
import type { Glossary } from './glossary.generated.js';
import type { PrivacyNotice } from './privacy.generated.js';
import { followedPart, FORMS_ENGLISH, localRoute, type LanguageContent, type SiteWords } from './translations.js';
import type { InterfaceWords } from '../shared/languages.js';
import type { InterfaceWordsFile } from './ui.generated.js';
import type { Position } from './yamlSource.js';
import { withBlockWords } from './blockWords.js';
import type { FormsWords } from '../shared/forms/formWords.js';

/** The English files a translation can follow, besides the pages. */
const TRANSLATABLE: ReadonlySet<string> = new Set([NOT_FOUND_FILE, ...Object.values(TRANSLATED_DATA_FILES)]);

/** What the checker lends the language check: its cached file check, its problem list, and what it found of the English files. */
export interface LanguageTools {
  reportOf: (file: string, role: Role, depends: string, context: Omit<FileContext, 'today'>) => FileReport;
  report: (severity: Problem['severity'], file: string, pos: Position, where: string, message: string) => void;
  referencesOf: (file: string, found: FileReport) => void;
  checked: ReadonlyMap<string, FileReport>;
  /** Each translation's glossary, read before the files checked against them, by its language's code. */
  glossaries: ReadonlyMap<string, { glossary: Glossary; digest: string }>;
}

/**
 * Every language folder against the English content: each English page, the 404 page and
 * the files of words have a translation (or the page is listed as untranslated), each
 * translation passes its schema and has its source's shape, and a translation made from an
 * older English file is reported as stale.
 */
export function checkLanguages(folder: ContentFolder, content: Content, tools: LanguageTools): LanguageContent[] {
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
    if (found?.valid) twins.set(file, { twin: kind, name: file, digest: folder.digest(file), data: () => followedPart(file, found.data) });
  }
  twins.set(TRANSLATED_DATA_FILES.forms, { twin: 'forms', name: 'the form schemas', digest: 'forms', data: () => FORMS_ENGLISH });

  const languages = site.languages.slice(1).map(({ code, name }) => {
    const language: LanguageContent = { code, name, pages: [], untranslated: [] };
    const files = new Set(filesIn(folder, code));
    const own = tools.glossaries.get(code);
    if (own) language.glossary = own.glossary;
    return { language, files, glossaryKey: own?.digest ?? 'none' };
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
      else if (twin.twin === 'ui') language.ui = wordsOfFile(absolute, found.data as InterfaceWordsFile, code, tools.report);
      else if (twin.twin === 'forms') language.forms = found.data as FormsWords;
      else {
        const page = english.get(file) ?? content.notFound!;
        const translated = contentPage(folder, absolute, `${code}/${page.key}`, page.route && localRoute(code, page.route), found.page);
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

/** A language's checked _ui.yaml as pages are drawn with it; each block word it lacks is an error at the file. */
export function wordsOfFile(file: string, data: InterfaceWordsFile, language: string, report: LanguageTools['report']): InterfaceWords {
  const { words, missing } = withBlockWords(data, language);
  for (const { key, owner } of missing)
    report('error', file, START, key, `is missing: ${owner} has no words in ${language} for it; give them here, or add them there`);
  return words;
}
