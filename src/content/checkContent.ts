import type { ValidateFunction } from 'ajv';
import { classifyFile, DATA_FILES, listContentFiles, NOT_FOUND_FILE, type ContentFile } from './contentFiles.js';
import type { ContentFolder } from './contentFolder.js';
import type { Desk } from './desk.generated.js';
import { deskProblems } from './deskChecks.js';
import { pageWarnings, sampleWarnings } from './contentWarnings.js';
import { blockProblems } from './blockChecks.js';
import { glossaryBreaches } from './glossary.js';
import type { Glossary } from './glossary.generated.js';
import { houseStyleBreaches } from './houseStyle.js';
import type { HouseStyle } from './housestyle.generated.js';
import type { PrivacyNotice } from './privacy.generated.js';
import { displayPath } from './describeError.js';
import { validateSource } from './validateSource.js';
import { placeholderProblems } from './placeholderChecks.js';
import { contentOutlines } from './schemaOutline.js';
import { createValidators } from './schemaValidator.js';
import { parseYaml, type YamlSource } from './yamlSource.js';
import type { Page } from './page.generated.js';
import type { Site } from './site.generated.js';
import { checkTranslations, type LanguageContent } from './translations.js';
import type { InterfaceWords } from './ui.generated.js';

export interface Problem {
  severity: 'error' | 'warning';
  /** The file's path inside the content folder: clcss.yaml, mr/clcss.yaml. */
  file: string;
  line: number;
  col: number;
  path: string;
  message: string;
}

export interface ContentPage {
  key: string;
  route: string;
  /** Its path inside the content folder. */
  file: string;
  data: Page;
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
}

export interface CheckOptions {
  /** The day the review dates are measured against. */
  today?: Date;
}

interface Loaded {
  entry: Exclude<ContentFile, { kind: 'invalid' }>;
  file: string;
  source: YamlSource;
}

/** Reads, parses and validates every file of a content folder, collecting every problem rather than the first. */
export function checkContent(folder: ContentFolder, options: CheckOptions = {}): Content {
  const problems: Problem[] = [];
  const report = (severity: Problem['severity'], file: string, pos: { line: number; col: number }, where: string, message: string) =>
    problems.push({ severity, file, ...pos, path: where, message });

  const loaded: Loaded[] = [];
  const claimed = new Map<string, string>();
  for (const file of listContentFiles(folder)) {
    const entry = classifyFile(file);
    if (entry.kind === 'invalid') {
      report('error', file, { line: 1, col: 1 }, '(file)', entry.reason);
      continue;
    }
    if (entry.kind === 'page') {
      // Routes are compared without case because about.yaml and About.yaml collide on Windows and macOS disks.
      const owner = claimed.get(entry.route.toLowerCase());
      if (owner) {
        report(
          'error',
          file,
          { line: 1, col: 1 },
          '(file)',
          `claims the address ${entry.route}, which ${folder.label}/${owner} already has; rename or remove one of them`,
        );
        continue;
      }
      claimed.set(entry.route.toLowerCase(), file);
    }
    const source = parseYaml(folder.read(file));
    for (const error of source.syntaxErrors) report('error', file, error.pos, 'YAML syntax', error.message);
    loaded.push({ entry, file, source });
  }
  for (const required of [...Object.values(DATA_FILES), NOT_FOUND_FILE]) {
    if (!loaded.some((file) => file.entry.file === required)) {
      report('error', required, { line: 1, col: 1 }, '(file)', 'is missing; every site needs this file');
    }
  }

  const routes = new Set(loaded.flatMap((file) => (file.entry.kind === 'page' ? [file.entry.route] : [])));
  const validators = createValidators({ routes, folder });
  const content: Content = { folder, pages: [], languages: [], problems };
  const today = options.today ?? new Date();

  const valid: Loaded[] = [];
  for (const { entry, file, source } of loaded) {
    if (source.syntaxErrors.length) continue;
    const validate: ValidateFunction = entry.kind === 'data' ? validators[entry.data] : validators.page;
    const rootLabel = entry.kind === 'data' ? `(${entry.data})` : '(page)';
    // A place still holding its "Write the …" words is reported as that, not also as too short.
    const unwritten = entry.kind === 'data' ? [] : placeholderProblems(source, contentOutlines());
    for (const problem of unwritten)
      report('error', file, source.positionOf(problem.pointer), displayPath(problem.pointer), problem.message);
    const placeholders = new Set(unwritten.map((problem) => displayPath(problem.pointer)));
    const validated = validateSource(validate, source, rootLabel, (pos, where, message) => {
      if (!placeholders.has(where)) report('error', file, pos, where, message);
    });
    if (!validated) continue;
    valid.push({ entry, file, source });
    if (entry.kind === 'data') {
      if (entry.data === 'site') content.site = source.data as Site;
      else if (entry.data === 'desk') content.desk = source.data as Desk;
      else if (entry.data === 'privacy') content.privacy = source.data as PrivacyNotice;
      else if (entry.data === 'ui') content.ui = source.data as InterfaceWords;
      else if (entry.data === 'glossary') content.glossary = source.data as Glossary;
      else content.style = source.data as HouseStyle;
      continue;
    }
    const page: ContentPage = {
      key: entry.key,
      route: entry.kind === 'page' ? entry.route : '',
      file,
      data: source.data as Page,
    };
    for (const problem of blockProblems(page.data, source)) {
      report('error', file, problem.position, displayPath(problem.pointer), problem.message);
    }
    for (const warning of pageWarnings(page.data, today)) {
      report('warning', file, source.positionOf(warning.pointer), displayPath(warning.pointer), warning.message);
    }
    if (entry.kind === 'page') content.pages.push(page);
    else content.notFound = page;
  }

  // Second pass, once the house style and the glossary have been read: the house style on the
  // site file and every page, the glossary on every file a reader reads.
  const readable = (entry: Loaded['entry']) => entry.kind !== 'data' || !['style', 'glossary'].includes(entry.data);
  for (const { entry, file, source } of valid) {
    if (entry.kind === 'data' && entry.data === 'desk' && content.site) {
      const languages = content.site.languages.map((language) => language.code);
      for (const problem of deskProblems(source.data as Desk, languages))
        report('error', file, source.positionOf(problem.pointer), displayPath(problem.pointer), problem.message);
    }
    if (entry.kind === 'data' && entry.data === 'site') {
      for (const warning of sampleWarnings(source.data as Site))
        report('warning', file, source.positionOf(warning.pointer), displayPath(warning.pointer), warning.message);
    }
    const breaches = [
      ...(content.style && (entry.kind !== 'data' || entry.data === 'site') ? houseStyleBreaches(content.style, source, source.data) : []),
      ...(content.glossary && readable(entry) ? glossaryBreaches(content.glossary, source) : []),
    ];
    for (const breach of breaches) {
      report('warning', file, source.positionAt(breach.offset), displayPath(breach.pointer), breach.message);
    }
  }

  if (content.site) {
    content.languages = checkTranslations({ folder, content, validators, report });
  }

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
  content.pages.sort((a, b) => a.route.localeCompare(b.route));
  return content;
}
