import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { blockProblems } from './blockChecks.js';
import type { Content, ContentPage, Problem } from './checkContent.js';
import { classifyFile, filesIn, GLOSSARY_FILE, languageFolders, NOT_FOUND_FILE, TRANSLATED_DATA_FILES } from './contentFiles.js';
import type { ContentFolder } from './contentFolder.js';
import { displayPath } from './describeError.js';
import { glossaryBreaches } from './glossary.js';
import type { Glossary } from './glossary.generated.js';
import type { Page } from './page.generated.js';
import type { PrivacyNotice } from './privacy.generated.js';
import type { ContentValidators } from './schemaValidator.js';
import type { Site } from './site.generated.js';
import { structureMismatches } from './structureMatch.js';
import type { InterfaceWords } from './ui.generated.js';
import { validateSource } from './validateSource.js';
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

type Reporter = (severity: Problem['severity'], file: string, pos: Position, where: string, message: string) => void;

const START = { line: 1, col: 1 };

/**
 * The fingerprint a translation records of its English source: of what the English says,
 * so a comment, a layout change or a new review date does not make a translation stale.
 */
export function fingerprint(englishData: unknown): string {
  const { updated: _updated, reviewed: _reviewed, ...words } = englishData as Record<string, unknown>;
  return createHash('sha256').update(JSON.stringify(words)).digest('hex').slice(0, 12);
}

/** The fingerprint of the English file a translation named `file` (homeloan.yaml) follows, as the folder has it now. */
export function englishFingerprint(folder: ContentFolder, file: string): string {
  if (file === TRANSLATED_DATA_FILES.forms) return fingerprint(englishFormWords());
  const data = parseYaml(folder.read(file)).data as Site;
  return fingerprint(file === TRANSLATED_DATA_FILES.site ? siteWords(data) : data);
}

/** A page's address in a language: /mr for the home page, /mr/homeloan for /homeloan. */
export function localRoute(code: string, route: string): string {
  return route === '/' ? `/${code}` : `/${code}${route}`;
}

/** The words of the English site file that a translation of it carries. */
function siteWords(site: Site): unknown {
  return { tagline: site.tagline, privacyContactRole: site.privacyContact.role, nav: site.nav, footer: site.footer };
}

interface TranslationCheck {
  folder: ContentFolder;
  content: Content;
  validators: ContentValidators;
  report: Reporter;
}

/**
 * Checks every language folder against the English content: each English page, the 404
 * page and the three files of words have a translation (or the page is listed as
 * untranslated), each translation passes its schema and has its source's shape, and a
 * translation made from an older English file is reported as stale.
 */
export function checkTranslations({ folder, content, validators, report }: TranslationCheck): LanguageContent[] {
  const site = content.site!;
  const siteFile = '_site.yaml';
  const declared = new Set(site.languages.map((language) => language.code));
  for (const code of languageFolders(folder)) {
    if (!declared.has(code) || code === site.languages[0]!.code) {
      report(
        'error',
        code,
        START,
        '(folder)',
        `is a language folder, but _site.yaml's languages do not list ${code} as a translation; add it there or remove the folder`,
      );
    }
  }
  return site.languages.slice(1).map(({ code, name }) => checkLanguage(code, name, { folder, content, validators, report, siteFile }));
}

interface EnglishTwin {
  /** Its path in the content folder (none for the forms' words, which are in the form schemas). */
  file?: string;
  /** How reports name it: its file name, or the form schemas. */
  name: string;
  data: unknown;
  validate: ValidateFunction;
  label: string;
}

function englishTwins(content: Content, validators: ContentValidators): Map<string, EnglishTwin> {
  const twins = new Map<string, EnglishTwin>();
  for (const page of [...content.pages, ...(content.notFound ? [content.notFound] : [])]) {
    twins.set(page.file, {
      file: page.file,
      name: page.file,
      data: page.data,
      validate: validators.page,
      label: '(page)',
    });
  }
  const data = { site: siteWords(content.site!), privacy: content.privacy, ui: content.ui, forms: englishFormWords() };
  for (const [kind, file] of Object.entries(TRANSLATED_DATA_FILES) as [keyof typeof TRANSLATED_DATA_FILES, string][]) {
    if (!data[kind]) continue;
    const validate = kind === 'site' ? validators.siteTranslation : validators[kind];
    // The forms' English words live in their schemas, not in a file of pages-data/.
    twins.set(file, {
      ...(kind !== 'forms' && { file }),
      name: kind === 'forms' ? 'the form schemas' : file,
      data: data[kind],
      validate,
      label: `(${kind})`,
    });
  }
  return twins;
}

function checkLanguage(
  code: string,
  name: string,
  { folder, content, validators, report, siteFile }: TranslationCheck & { siteFile: string },
): LanguageContent {
  const language: LanguageContent = { code, name, pages: [], untranslated: [] };
  const twins = englishTwins(content, validators);
  const files = filesIn(folder, code);
  const listed = new Set(content.site!.untranslated?.[code] ?? []);
  const inFolder = (file: string) => `${code}/${file}`;

  /** Parses a file of the folder, reporting its syntax errors; undefined when it has any. */
  const read = (absolute: string): YamlSource | undefined => {
    const source = parseYaml(folder.read(absolute));
    for (const error of source.syntaxErrors) report('error', absolute, error.pos, 'YAML syntax', error.message);
    return source.syntaxErrors.length ? undefined : source;
  };

  // The glossary first, so every other file of the language is checked against it.
  if (files.includes(GLOSSARY_FILE)) {
    const absolute = inFolder(GLOSSARY_FILE);
    const source = read(absolute);
    const fail = (pos: Position, where: string, message: string) => report('error', absolute, pos, where, message);
    if (source && validateSource(validators.glossary, source, '(glossary)', fail)) language.glossary = source.data as Glossary;
  }

  for (const file of files) {
    if (file === GLOSSARY_FILE) continue;
    const absolute = inFolder(file);
    const twin = twins.get(file);
    if (!twin) {
      const kind = classifyFile(file);
      const why =
        kind.kind === 'invalid'
          ? kind.reason
          : `has no English source: a translation takes the name of an English file in pages-data/ (${file} is not one)`;
      report('error', absolute, START, '(file)', why);
      continue;
    }
    const source = read(absolute);
    if (!source) continue;
    const fail = (pos: Position, where: string, message: string) => report('error', absolute, pos, where, message);
    if (!validateSource(twin.validate, source, twin.label, fail)) continue;
    for (const breach of language.glossary ? glossaryBreaches(language.glossary, source) : []) {
      report('warning', absolute, source.positionAt(breach.offset), displayPath(breach.pointer), breach.message);
    }
    const data = source.data as Record<string, unknown>;
    let sound = true;
    // A page whose English moved on (a block added, a link changed) is not wrong, only behind:
    // its address shows the English page until the translation is brought into step, so the
    // English can be published first. Elsewhere a different shape is an error.
    const englishPage = twin.label === '(page)' && file !== NOT_FOUND_FILE ? content.pages.find((page) => page.file === file) : undefined;
    let outOfStep = false;
    for (const mismatch of structureMismatches(twin.data, data)) {
      const where = displayPath(mismatch.missingKey ? [...mismatch.pointer, mismatch.missingKey] : mismatch.pointer);
      if (englishPage) {
        outOfStep = true;
        const shown = `until it is brought into step, ${localRoute(code, englishPage.route)} shows the English page`;
        report('warning', absolute, source.positionOf(mismatch.pointer), where || twin.label, `${mismatch.message} (${shown})`);
        continue;
      }
      sound = false;
      fail(source.positionOf(mismatch.pointer), where || twin.label, mismatch.message);
    }
    const now = fingerprint(twin.data);
    if (typeof data.source !== 'string') {
      sound = false;
      fail(START, twin.label, `has no source: fingerprint; once it matches the English file, run npm run translation:stamp -- ${absolute}`);
    } else if (data.source !== now) {
      report(
        'warning',
        absolute,
        source.positionOf(['source']),
        'source',
        `is stale: ${twin.name} has changed since this translation was made. Bring it up to date, then run npm run translation:stamp -- ${absolute}`,
      );
    }
    if (!sound) continue;
    if (outOfStep) {
      language.untranslated.push(englishPage!.route);
      continue;
    }
    if (file === '_site.yaml') language.site = data as unknown as SiteWords;
    else if (file === '_privacy.yaml') language.privacy = data as unknown as PrivacyNotice;
    else if (file === '_ui.yaml') language.ui = data as unknown as InterfaceWords;
    else if (file === '_forms.yaml') language.forms = data as unknown as FormsWords;
    else {
      const page = data as unknown as Page;
      for (const problem of blockProblems(page, source)) fail(problem.position, displayPath(problem.pointer), problem.message);
      const english = file === NOT_FOUND_FILE ? content.notFound! : content.pages.find((candidate) => candidate.file === file)!;
      const translated = {
        key: `${code}/${english.key}`,
        route: english.route && localRoute(code, english.route),
        file: absolute,
        data: page,
      };
      if (file === NOT_FOUND_FILE) language.notFound = translated;
      else language.pages.push(translated);
    }
  }

  for (const [file, twin] of twins) {
    if (files.includes(file)) {
      const route = content.pages.find((page) => page.file === twin.file)?.route;
      if (route && listed.has(route))
        report(
          'warning',
          siteFile,
          START,
          `untranslated.${code}`,
          `lists ${route}, which now has a translation (${code}/${file}); take it off the list`,
        );
      continue;
    }
    const page = content.pages.find((candidate) => candidate.file === twin.file);
    if (page && listed.has(page.route)) {
      language.untranslated.push(page.route);
      report(
        'warning',
        inFolder(file),
        START,
        '(file)',
        `is not translated yet: ${localRoute(code, page.route)} shows the English page with a note in ${name}`,
      );
    } else {
      const hint = page ? ` or list ${page.route} under untranslated: ${code}: in _site.yaml` : '';
      report(
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
}
