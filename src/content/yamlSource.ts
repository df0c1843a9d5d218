import { isCollection, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';

export interface Position {
  line: number;
  col: number;
}

/** A parsed YAML file that can say where any value in it was written. */
export interface YamlSource {
  /** The file's text, as read. */
  text: string;
  doc: Document;
  data: unknown;
  syntaxErrors: { pos: Position; message: string }[];
  positionOf(pointer: string[], unknownKey?: string): Position;
  /** Where a character of the file is: line and column, counted from 1. */
  positionAt(offset: number): Position;
  /** Every text value (never a key), with where it sits in the data and its text exactly as written in the file. */
  textValues(): readonly TextValue[];
}

export interface TextValue {
  pointer: string[];
  /** The scalar as written, quotes and line breaks included, so a match inside it has an exact place. */
  written: string;
  /** Where `written` starts in the file. */
  start: number;
}

const DUPLICATE_KEY = 'this key appears twice in the same section; keep only one';
const INDENTATION = 'the indentation of this line does not match the lines above it; check the spaces at its start';

// The yaml library's wording is written for programmers; authors get these instead.
// Matched on the library's error code and, where one code covers several mistakes, its message.
const SYNTAX_MESSAGES: [code: string, detail: RegExp, message: string][] = [
  ['BAD_INDENT', /./, INDENTATION],
  ['MISSING_CHAR', /without - indicator/, INDENTATION],
  ['MISSING_CHAR', /quote/i, 'a closing quote is missing'],
  ['MISSING_CHAR', /flow|[\]}]/i, 'a closing bracket is missing'],
  ['TAB_AS_INDENT', /./, 'a tab is used for indentation; use spaces instead'],
  ['MULTILINE_IMPLICIT_KEY', /./, 'a key runs over more than one line; check for a missing colon or a stray line break'],
  ['BLOCK_AS_IMPLICIT_KEY', /./, 'a list or section is used where a key should be; check the indentation and colons'],
  ['UNEXPECTED_TOKEN', /./, 'this character is not expected here; check the quotes, colons and dashes'],
];

function syntaxMessage(code: string, libraryMessage: string): string {
  const plain = SYNTAX_MESSAGES.find(([candidate, detail]) => candidate === code && detail.test(libraryMessage));
  return plain?.[2] ?? libraryMessage.split('\n')[0] ?? libraryMessage;
}

/** The longest content file the check reads: the largest page is some 40 KB, and the editor's API takes no more. */
export const MAX_FILE_CHARS = 200_000;
/**
 * The most aliases (*name) a content file may use. An alias repeats what its anchor holds, so a
 * few lines of aliases of aliases can stand for millions of values (a "billion laughs");
 * content has no need of them at all.
 */
export const MAX_ALIASES = 20;

/** The errors that keep a file from being read at all: too long, or too many aliases. */
function limitErrors(source: string, doc: Document, at: (offset: number) => Position): { pos: Position; message: string }[] {
  if (source.length > MAX_FILE_CHARS)
    return [
      {
        pos: { line: 1, col: 1 },
        message: `is ${source.length.toLocaleString('en-IN')} characters long; a content file may have at most ${MAX_FILE_CHARS.toLocaleString('en-IN')}: split it into two pages`,
      },
    ];
  // An alias is written with a *: a file without one has none to count.
  if (!source.includes('*')) return [];
  let aliases = 0;
  let beyond: Node | undefined;
  visit(doc, {
    Alias(_key, node) {
      aliases += 1;
      if (aliases > MAX_ALIASES) {
        beyond = node;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (!beyond) return [];
  return [
    {
      pos: at(beyond.range?.[0] ?? 0),
      message: `uses more than ${MAX_ALIASES} aliases (*name); write the text out in full instead`,
    },
  ];
}

/**
 * The most keys one section (a mapping) may have. The largest of the site's has some 25; a
 * draft of 2,00,000 characters could otherwise hold 20,000 in one, and every reader of it pays
 * for each.
 */
export const MAX_KEYS = 2_000;

/**
 * Keys written twice, and sections past MAX_KEYS, found with one set per section: the yaml
 * library's own check (uniqueKeys) compares each key with every key before it, so a draft of
 * 1,20,000 characters of keys took seconds on the thread that answers visitors. The tree is
 * walked with a stack, not recursion, however deep the draft nests.
 */
function keyErrors(doc: Document): { offset: number; message: string }[] {
  const errors: { offset: number; message: string }[] = [];
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isPair(node)) pending.push(node.value, node.key);
    else if (isCollection(node)) {
      pending.push(...[...node.items].reverse());
      if (!isMap(node)) continue;
      const seen = new Set<unknown>();
      for (const [index, pair] of node.items.entries()) {
        if (index === MAX_KEYS) {
          errors.push({
            offset: pair.key && isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : (node.range?.[0] ?? 0),
            message: `this section has more than ${MAX_KEYS.toLocaleString('en-IN')} keys; a content file needs far fewer: split it, or make it a list`,
          });
          break;
        }
        // As the library compares them: scalar keys by their value, any other key never equals another.
        if (!isScalar(pair.key)) continue;
        if (seen.has(pair.key.value)) errors.push({ offset: pair.key.range?.[0] ?? 0, message: DUPLICATE_KEY });
        else seen.add(pair.key.value);
      }
    }
  }
  return errors;
}

/**
 * Reads a content file, an editor's draft among them, at a cost that grows with its length
 * only: every reader of YAML text on the server goes through here, on whichever thread.
 */
export function parseYaml(source: string): YamlSource {
  const lineCounter = new LineCounter();
  const tooLong = source.length > MAX_FILE_CHARS;
  const doc = parseDocument(tooLong ? '' : source, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const at = (offset: number): Position => lineCounter.linePos(offset);
  const limits = limitErrors(source, doc, at);

  function nodeAt(pointer: string[]): Node | undefined {
    if (pointer.length === 0) return doc.contents ?? undefined;
    const found = doc.getIn(pointer, true);
    return found && typeof found === 'object' && 'range' in found ? (found as Node) : undefined;
  }

  let textValues: TextValue[] | undefined;

  const syntaxErrors = [
    ...limits,
    ...[...doc.errors.map((error) => ({ offset: error.pos[0], message: syntaxMessage(error.code, error.message) })), ...keyErrors(doc)]
      .sort((a, b) => a.offset - b.offset)
      .map((error) => ({ pos: at(error.offset), message: error.message })),
  ];
  return {
    text: source,
    doc,
    data: syntaxErrors.length ? undefined : doc.toJS({ maxAliasCount: MAX_ALIASES }),
    syntaxErrors,
    positionAt: at,
    textValues() {
      // The house style and the glossary each read them; the tree is walked once.
      if (textValues) return textValues;
      const found: TextValue[] = [];
      textValues = found;
      visit(doc, {
        Scalar(key, node, path) {
          if (key === 'key' || typeof node.value !== 'string' || !node.range) return;
          const chain = [...path, node];
          const pointer: string[] = [];
          chain.forEach((ancestor, index) => {
            if (isPair(ancestor) && isScalar(ancestor.key)) pointer.push(String(ancestor.key.value));
            else if (isSeq(ancestor)) pointer.push(String(ancestor.items.indexOf(chain[index + 1])));
          });
          found.push({ pointer, written: source.slice(node.range[0], node.range[1]), start: node.range[0] });
        },
      });
      return found;
    },
    positionOf(pointer, unknownKey) {
      if (unknownKey !== undefined) {
        const parent = nodeAt(pointer.slice(0, -1));
        const pair = isMap(parent) ? parent.items.find((item) => isScalar(item.key) && String(item.key.value) === unknownKey) : undefined;
        if (pair && isScalar(pair.key) && pair.key.range) return at(pair.key.range[0]);
      }
      // Walk up until a node with a position is found, so even an odd error gets a real location.
      for (let depth = pointer.length; depth >= 0; depth--) {
        const node = nodeAt(pointer.slice(0, depth));
        if (node?.range) return at(node.range[0]);
      }
      return { line: 1, col: 1 };
    },
  };
}
