import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';

export interface Position {
  line: number;
  col: number;
}

/** A parsed YAML file that can say where any value in it was written. */
export interface YamlSource {
  doc: Document;
  data: unknown;
  syntaxErrors: { pos: Position; message: string }[];
  positionOf(pointer: string[], unknownKey?: string): Position;
}

// The yaml library's wording is written for programmers; authors get these instead.
const SYNTAX_MESSAGES: Record<string, string> = {
  DUPLICATE_KEY: 'this key appears twice in the same section; keep only one',
  BAD_INDENT: 'the indentation here does not line up with the lines around it',
  TAB_AS_INDENT: 'a tab is used for indentation; use spaces instead',
  MISSING_CHAR: 'a closing quote or bracket is missing',
  MULTILINE_IMPLICIT_KEY: 'a key runs over more than one line; check for a missing colon or a stray line break',
  BLOCK_AS_IMPLICIT_KEY: 'a list or section is used where a key should be; check the indentation and colons',
  UNEXPECTED_TOKEN: 'this character is not expected here; check the quotes, colons and dashes',
};

export function parseYaml(source: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): Position => lineCounter.linePos(offset);

  function nodeAt(pointer: string[]): Node | undefined {
    if (pointer.length === 0) return doc.contents ?? undefined;
    const found = doc.getIn(pointer, true);
    return found && typeof found === 'object' && 'range' in found ? (found as Node) : undefined;
  }

  return {
    doc,
    data: doc.errors.length ? undefined : doc.toJS(),
    syntaxErrors: doc.errors.map((error) => ({
      pos: at(error.pos[0]),
      message: SYNTAX_MESSAGES[error.code] ?? error.message.split('\n')[0] ?? error.message,
    })),
    positionOf(pointer, unknownKey) {
      // Walk up until a node with a position is found, so even an odd error gets a real location.
      for (let depth = pointer.length; depth >= 0; depth--) {
        const node = nodeAt(pointer.slice(0, depth));
        if (!node?.range) continue;
        if (unknownKey !== undefined && depth === pointer.length && isMap(node)) {
          const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === unknownKey);
          if (pair && isScalar(pair.key) && pair.key.range) return at(pair.key.range[0]);
        }
        return at(node.range[0]);
      }
      return { line: 1, col: 1 };
    },
  };
}
