import { parse } from 'yaml';
import type { ContentOutlines, ContentProblem, SchemaOutline } from './pageEditor';
import { blockName } from './placeholders';

/** A problem of the content check as a person who has never seen YAML reads it. */
export interface PlainProblem {
  /** What is wrong and what to do, in a sentence. */
  sentence: string;
  /** Where it is, as the person sees it: "Cards (section 3) › Card 2 › Description", "Services menu › MSME Finance". */
  where: string;
  /** The value it is about, as a JSON pointer's steps: the form view's field. */
  pointer: string[];
  /** The exact place and the check's own words, for whoever works in the YAML view: "clcss.yaml:14:7 blocks[2].items[1].title …". */
  details: string;
  severity: ContentProblem['severity'];
  file: string;
  line: number;
  col: number;
}

/** What the words are worked out from: the schemas, and the file's text (its data names menu entries, its lines explain a slip). */
export interface PlainContext {
  outlines: ContentOutlines;
  /** Each file's text, by its path in the content folder, where the editor has it. */
  sources: ReadonlyMap<string, string>;
}

/** blocks[2].items[0].title → ['blocks', '2', 'items', '0', 'title']. */
export function pointerOf(path: string): string[] {
  if (path.startsWith('(') || path === 'YAML syntax') return [];
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((step) => step !== '');
}

/** privacyContact → Privacy contact: a key said in words where the schema gives no title. */
export const humanize = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A label inside a sentence: "Map pin" becomes "map pin", and a name such as "WhatsApp number" keeps its capitals. */
const inSentence = (label: string) => (/^[A-Z][^A-Z\s]*(\s|$)/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);
const sentence = (text: string) => capital(/[.?!]$/.test(text) ? text : `${text}.`);
/** "faq" in the check's straight quotes becomes “faq”, as the rest of the words are written. */
const curly = (text: string) => text.replace(/"([^"]*)"/g, '“$1”');

/** Which outline a file follows: a page, a site file, or a translated site file. */
export function outlineOf(outlines: ContentOutlines, file: string): SchemaOutline | undefined {
  const name = file.split('/').at(-1)!;
  if (!name.startsWith('_') || name === '_404.yaml') return outlines.page;
  if (file.includes('/') && name === '_site.yaml') return outlines.files['translation/_site.yaml'];
  return outlines.files[name];
}

/** The words an entry of a list of the site files goes by: a menu entry's label, a column's heading, a status's label. */
function nameOfEntry(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  for (const key of ['label', 'heading', 'name', 'title', 'id', 'use']) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/** Each step of the pointer in words, and the outline of the last one. */
function stepsInWords(
  context: PlainContext,
  file: string,
  data: unknown,
  pointer: readonly string[],
): { words: string[]; last: SchemaOutline | undefined } {
  const { outlines } = context;
  const isPage = outlineOf(outlines, file) === outlines.page;
  const words: string[] = [];
  let here = outlineOf(outlines, file);
  let value = data;
  for (let index = 0; index < pointer.length; index++) {
    const step = pointer[index]!;
    const next = (value as Record<string, unknown> | undefined)?.[step];
    if (/^\d+$/.test(step)) {
      const position = Number(step) + 1;
      if (isPage && index === 1 && pointer[0] === 'blocks') {
        const kind = (next as { type?: unknown } | undefined)?.type;
        const type = typeof kind === 'string' ? kind : '';
        const block = outlines.blocks.find((entry) => entry.type === type);
        words.push(`${blockName(block?.outline, type || 'section')} (section ${position})`);
        here = block?.outline ?? here?.items;
      } else {
        const named = isPage ? undefined : nameOfEntry(next);
        words.push(named ?? `${here?.items?.title ?? 'Item'} ${position}`);
        here = here?.items;
      }
    } else {
      const field = here?.properties?.[step];
      const following = pointer[index + 1];
      // A list's own name is left out where its item is named next ("Cards › Card 2" says it twice).
      const skip = (following !== undefined && /^\d+$/.test(following)) || (isPage && step === 'blocks');
      if (file.endsWith('_site.yaml') && step === 'nav') words.push('Menu');
      else if (!skip) words.push(field?.title ?? humanize(step));
      here = field;
    }
    value = next;
  }
  // The Services entry of the menu reads "Services menu", as the person finds it on the site.
  if (words[0] === 'Menu' && words.length > 1) words.splice(0, 2, `${words[1]} menu`);
  return { words, last: here };
}

const INDENT = /^( *)/;
const indentOf = (line: string) => INDENT.exec(line)![1]!.length;
const meaningful = (line: string | undefined) => line !== undefined && line.trim() !== '' && !line.trimStart().startsWith('#');
const keyOf = (line: string) => /^ *(- +)?([A-Za-z_][\w-]*):(\s|$)/.exec(line)?.[2];

/** A slip of indentation said as what to do on which line: the column the line should start at, and the line to line it up with. */
function syntaxSentence(source: string | undefined, line: number, message: string): string {
  const fallback = `Line ${line} cannot be read: ${message}.`;
  if (source === undefined) return fallback;
  const lines = source.split('\n');
  const text = lines[line - 1];
  if (!meaningful(text)) return fallback;
  const own = indentOf(text!);
  const dashed = text!.trimStart().startsWith('- ');
  let above = line - 2;
  while (above >= 0 && !meaningful(lines[above])) above--;
  if (above < 0) return fallback;
  const previous = lines[above]!;
  // Where a key of the line above's section starts: after its dash, when it opens a list item.
  const keysAbove = indentOf(previous) + (previous.trimStart().startsWith('- ') ? 2 : 0);
  const quote = (at: number) => {
    const key = keyOf(lines[at]!);
    return key ? `'${key}:'` : `'${lines[at]!.trim().slice(0, 20)}'`;
  };
  if (dashed) {
    // A new item of a list: its dash goes under the dash of the item before it.
    for (let at = line - 2; at >= 0; at--) {
      const candidate = lines[at]!;
      if (!meaningful(candidate)) continue;
      if (candidate.trimStart().startsWith('- ') && indentOf(candidate) <= own && indentOf(candidate) !== own) {
        return `Line ${line} starts a new item but is indented ${own > indentOf(candidate) ? 'further' : 'less'} than the item on line ${at + 1}; put its dash under the dash of line ${at + 1} (${indentOf(candidate)} spaces from the left).`;
      }
      if (indentOf(candidate) < own - 2) break;
    }
  }
  if (own > keysAbove && keyOf(previous) !== undefined && !/:\s*$/.test(previous.replace(/#.*$/, ''))) {
    return `Line ${line} is indented further than the line above; line it up with ${quote(above)} on line ${above + 1}.`;
  }
  // Otherwise it sits between two levels: say which lines it could line up with.
  const levels: number[] = [];
  for (let at = above; at >= 0 && levels.length < 2; at--) {
    if (!meaningful(lines[at]) || keyOf(lines[at]!) === undefined) continue;
    const level = indentOf(lines[at]!) + (lines[at]!.trimStart().startsWith('- ') ? 2 : 0);
    if (level !== own && !levels.some((seen) => lines[seen]!.length && indentOf(lines[seen]!) === indentOf(lines[at]!))) levels.push(at);
  }
  if (levels.length === 0) return fallback;
  return `Line ${line} is not lined up with the lines above it; line it up with ${levels.map((at) => `${quote(at)} on line ${at + 1}`).join(' or ')}.`;
}

type Rewrite = [RegExp, (match: RegExpExecArray, label: string, words: string[]) => string];

/** The check's own words where they lean on YAML or on file names, and what a person reads instead. */
const REWRITES: Rewrite[] = [
  [/^is missing the required key "(.+)"$/, () => ''], // handled with the missing field's own label
  [
    /^is not a key this section knows(?:; did you mean "(.+)"\?)?.*$/,
    (match, label, words) =>
      `${words.length > 0 ? words.join(' › ') : 'The page'} has “${label}”, which it does not use: remove it in the YAML view, or correct its spelling${match[1] ? ` (did you mean “${match[1]}”?)` : ''}`,
  ],
  [/^must be (.*)a section with its own keys, but it is empty$/, (_match, label) => `${label} is empty: fill it in`],
  [/^must be (.*?), not a section with its own keys$/, (match, label) => `${label} must be ${match[1]}, not a group of fields`],
  [/^must be a section with its own keys, not (.+)$/, (match, label) => `${label} must be a group of fields, not ${match[1]}`],
  [
    /^links to (\S+), but no page has that address.*$/,
    (match, label) => `${label} leads to ${match[1]}, but the site has no page at that address`,
  ],
  [
    /^names a picture that does not exist: .*?(images\/\S+)$/,
    (match, label) => `${label} names ${match[1]}, which is not in the picture library`,
  ],
  [
    /^"(.+)" is not a block type; (.+)$/,
    (match) => `“${match[1]}” is not a kind of section; ${curly(match[2]!).replace('use one of', 'use one of the kinds')}`,
  ],
  [/^must be banner: .*$/, () => 'The first section must be a banner: every page starts with one, and it carries the page’s main heading'],
  [
    /^is a sample value, not the firm’s own.*$/,
    (_match, label) => `The firm’s ${inSentence(label)} is still a sample: replace it with the firm’s own before going live`,
  ],
  [
    /^is stale: (.+?) has changed since this translation was made.*$/,
    (match) =>
      `The English page (${match[1]}) has changed since this translation was made: bring the translation up to date (the Translation panel shows what changed), then publish it`,
  ],
  [
    /^has no source: fingerprint.*$/,
    () => 'This translation does not say which English version it was made from: check it against the English page, then publish it',
  ],
  [
    /^is missing: (.+?) has no (.+?) translation.*$/,
    (match) =>
      `The page ${match[1]!} has no ${match[2]!.replace(/ \(\w+\)$/, '')} translation yet: start it from the Pages list (until then its address shows the English page)`,
  ],
  [/^still says “(.+)”; .*$/, (match) => match[1]!],
  [/^is empty: (.+)$/, (match) => match[1]!],
  [
    /^still holds the prompt “(.+)”; .*$/,
    (match) => `Take out “${match[1]!}”, the prompt of this place, and keep only the page’s own words`,
  ],
  [
    /^has no English source: .*\((.+) is not one\)$/,
    (match) =>
      `This translation follows the English page ${match[1]}, which is not there or cannot be read: publish the English page, or fix its problems, first`,
  ],
  [
    /^claims the address (\S+), which .* already has.*$/,
    (match) => `Another page already has the address ${match[1]!.toLowerCase()}: choose another name for this one`,
  ],
];

function plainMessage(message: string, label: string, words: string[]): string {
  for (const [pattern, write] of REWRITES) {
    const match = pattern.exec(message);
    if (match) return write(match, label, words);
  }
  return `${label} ${curly(message)}`;
}

/** A place of a file in words, as the person sees it: "FAQ (section 4) › Question 2 › Answer". */
export function placeInWords(context: PlainContext, file: string, pointer: readonly string[]): string {
  let data: unknown;
  try {
    const source = context.sources.get(file);
    data = source === undefined ? undefined : parse(source);
  } catch {
    data = undefined;
  }
  return stepsInWords(context, file, data, pointer).words.join(' › ');
}

/** One problem of the check in plain words, with where it is as the person sees it. */
export function plainProblem(problem: ContentProblem, context: PlainContext): PlainProblem {
  const source = context.sources.get(problem.file);
  const details = `${problem.file}:${problem.line}:${problem.col}  ${problem.path}  ${problem.message}`;
  const base = { details, severity: problem.severity, file: problem.file, line: problem.line, col: problem.col };
  if (problem.path === 'YAML syntax') {
    return {
      ...base,
      pointer: [],
      where: `Line ${problem.line} of the text`,
      sentence: syntaxSentence(source, problem.line, problem.message),
    };
  }
  let data: unknown;
  try {
    data = source === undefined ? undefined : parse(source);
  } catch {
    data = undefined;
  }
  const file = problem.file.split('/').at(-1)!.startsWith('_') ? problem.file : 'the page';
  const missing = /^is missing the required key "(.+)"$/.exec(problem.message)?.[1];
  const unknown = /^is not a key this section knows/.test(problem.message);
  const pointer = [...pointerOf(problem.path), ...(missing ? [missing] : [])];
  const { words, last } = stepsInWords(context, problem.file, data, unknown ? pointer.slice(0, -1) : pointer);
  // A link of a menu entry is named by the entry, as the menu shows it.
  const entryLink = file !== 'the page' && words.length > 1 && pointer.at(-1) === 'to';
  if (entryLink) words.pop();
  // A block's kind is said by its name already: "FAQ (section 1)", not "FAQ (section 1) › Type".
  if (file === 'the page' && pointer.length === 3 && pointer[0] === 'blocks' && pointer[2] === 'type') words.pop();
  const where = words.length > 0 ? words.join(' › ') : file === 'the page' ? 'The page' : file;
  const label = unknown ? pointer.at(-1)! : entryLink ? `“${words.at(-1)!}”` : (words.at(-1) ?? (file === 'the page' ? 'The page' : file));
  if (missing) {
    const what = last?.type === 'array' ? `Add ${label.toLowerCase()}` : `Write the ${label.toLowerCase()}`;
    return { ...base, pointer, where, sentence: sentence(what) };
  }
  return { ...base, pointer, where, sentence: sentence(plainMessage(problem.message, label, words)) };
}

/**
 * The check's problems in plain words, for one file's list: one slip of indentation makes the YAML
 * parser report several errors, so only the first syntax error of a file is kept (the rest follow from it).
 */
export function plainProblems(problems: readonly ContentProblem[], context: PlainContext): PlainProblem[] {
  const seen = new Set<string>();
  return problems
    .filter((problem) => {
      if (problem.path !== 'YAML syntax') return true;
      if (seen.has(problem.file)) return false;
      seen.add(problem.file);
      return true;
    })
    .map((problem) => plainProblem(problem, context));
}

/** The warnings that a firm detail is still a sample, which belong to the whole site, not to one page's problems. */
export const isSampleWarning = (problem: ContentProblem) =>
  problem.severity === 'warning' && problem.file === '_site.yaml' && problem.message.startsWith('is a sample value');
