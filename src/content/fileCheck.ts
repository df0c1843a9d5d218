// One file's own check (its syntax, its schema, and what can be said of it without the rest of the
// site), kept apart from the checker that runs it for every file and keeps what it found.
import type { DataFileKind, TRANSLATED_DATA_FILES } from './contentFiles.js';
import type { Problem } from './checkContent.js';
import type { PageSummary } from './contentPage.js';
import type { Desk } from './desk.generated.js';
import { deskProblems, openingHoursProblems } from './deskChecks.js';
import { firmDetailWarnings, pageWarnings, unsourcedFigure } from './contentWarnings.js';
import { blockProblems } from './blockChecks.js';
import { glossaryBreaches, glossaryBreachesByLanguage } from './glossary.js';
import type { Glossary } from './glossary.generated.js';
import { houseStyleBreaches, patternProblems } from './houseStyle.js';
import type { HouseStyle } from './housestyle.generated.js';
import { displayPath, parsePointer } from './describeError.js';
import { reportSchemaErrors } from './validateSource.js';
import { placeholderProblems } from './placeholderChecks.js';
import { contentOutlines } from './schemaOutline.js';
import { validateWith, type ContentValidators } from './schemaValidator.js';
import { parseYaml, type Position } from './yamlSource.js';
import type { Page } from './page.generated.js';
import type { Site } from './site.generated.js';
import { comparePair, fingerprint, followedPart } from './translations.js';

export type Twin = 'page' | 'not-found' | keyof typeof TRANSLATED_DATA_FILES;

/** What a file is, as far as checking it on its own goes. */
export type Role =
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
export interface FileReport {
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
export interface FileContext {
  style?: HouseStyle;
  glossary?: Glossary;
  /** Every language's glossary by its code, for a file written in every language at once (_desk.yaml). */
  glossaries?: ReadonlyMap<string, Glossary>;
  today: Date;
  siteLanguages?: readonly string[];
  english?: () => { data: unknown; name: string };
}

/** Where a problem of a whole file is placed. */
export const START = { line: 1, col: 1 };
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

/** Files a reader reads: the house style and the glossaries are about the words, not words to read. */
const readable = (role: Role) =>
  !(role.kind === 'language-glossary' || (role.kind === 'data' && (role.data === 'style' || role.data === 'glossary')));

/** Checks one file on its own: its syntax, its schema, and what can be said of it without the rest of the site. */
export function examine(file: string, role: Role, text: string, context: FileContext): Omit<FileReport, 'used'> {
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
      for (const warning of firmDetailWarnings(data as Site))
        report('warning', at(warning.pointer), displayPath(warning.pointer), warning.message);
      for (const problem of openingHoursProblems(data as Site))
        report('error', at(problem.pointer), displayPath(problem.pointer), problem.message);
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

  // The house style on the site file and the English pages; the glossary on every file a reader reads, and
  // on _desk.yaml, whose messages and checklists reach enquirers in every language, each language's own.
  const styled = role.kind === 'page' || role.kind === 'not-found' || (role.kind === 'data' && role.data === 'site');
  const breaches = [
    ...(context.style && styled ? houseStyleBreaches(context.style, source, data) : []),
    ...(role.kind === 'data' && role.data === 'desk' && context.glossaries
      ? glossaryBreachesByLanguage(context.glossaries, context.siteLanguages?.[0] ?? 'en', source)
      : context.glossary && readable(role)
        ? glossaryBreaches(context.glossary, source)
        : []),
    ...(role.kind === 'page' ? unsourcedFigure(data as Page, source) : []),
  ];
  for (const breach of breaches) report('warning', source.positionAt(breach.offset), displayPath(breach.pointer), breach.message);
  return found;
}
