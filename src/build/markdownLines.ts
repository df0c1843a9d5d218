/**
 * Markdown with no line longer than a reader's editor shows whole (400 characters), for the
 * written files (BLOCKS.md, BENCHMARKS.md's sections): a longer line of prose is broken after
 * each sentence, and a sentence still too long after its clauses ("; ", ": ", ", "). A line
 * break inside a paragraph renders as a space, so the page reads the same; the break never
 * falls inside `code`, and never before what would start a list, a heading, a quote, a table
 * or HTML. Table rows and fenced code are left alone: a table cell cannot be broken, so what
 * writes a table keeps its cells short.
 */
export const MAX_MARKDOWN_LINE = 400;

/** Where a new line may not start: it would begin a block of its own. */
const BLOCK_START = /^(?:[-*+]\s|#|>|\||<|=|\d+[.)]\s|`{3}|~{3})/;

export function breakLongLines(markdown: string, max = MAX_MARKDOWN_LINE): string {
  let fenced = false;
  return markdown
    .split('\n')
    .flatMap((line) => {
      if (/^\s*(?:`{3}|~{3})/.test(line)) fenced = !fenced;
      if (fenced || line.length <= max || line.trimStart().startsWith('|') || /^\s*```/.test(line)) return [line];
      return breakLine(line, max);
    })
    .join('\n');
}

function breakLine(line: string, max: number): string[] {
  const marker = /^(\s*)(?:[-*+]\s+|\d+[.)]\s+)?/.exec(line)![0];
  const indent = ' '.repeat(marker.length);
  const body = line.slice(marker.length);
  // A short lead ("**Keyboard.**") stays with the sentence after it.
  const sentences = splitAt(body, /[.?!][)*"’”]*\s/g, (rest) => !/^[a-z]/.test(rest)).reduce<string[]>((joined, sentence) => {
    const last = joined.length - 1;
    if (last >= 0 && joined[last]!.length < 40) joined[last] += ` ${sentence}`;
    else joined.push(sentence);
    return joined;
  }, []);
  const pieces = sentences.flatMap((sentence) =>
    sentence.length + indent.length <= max ? [sentence] : byClauses(sentence, max - indent.length),
  );
  return pieces.map((piece, index) => (index === 0 ? marker : indent) + piece);
}

/** A sentence too long for one line, in pieces of clauses joined up to the limit. */
function byClauses(sentence: string, max: number): string[] {
  for (const separator of [/;\s/g, /:\s/g, /,\s/g, /\s/g]) {
    const clauses = splitAt(sentence, separator, () => true);
    if (clauses.length < 2) continue;
    const lines: string[] = [];
    for (const clause of clauses) {
      const last = lines.length - 1;
      if (last >= 0 && lines[last]!.length + 1 + clause.length <= max) lines[last] += ` ${clause}`;
      else lines.push(clause);
    }
    if (lines.every((piece) => piece.length <= max)) return lines;
    return lines.flatMap((piece) => (piece.length <= max ? [piece] : byClauses(piece, max)));
  }
  return [sentence];
}

/**
 * The text cut after each match of `separator` (the space it ends with dropped), where the match
 * is outside `code` and what follows may start a line.
 */
function splitAt(text: string, separator: RegExp, accept: (rest: string) => boolean): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const match of text.matchAll(separator)) {
    const end = match.index + match[0].length;
    const rest = text.slice(end);
    if (!rest || insideCode(text, end) || BLOCK_START.test(rest) || !accept(rest)) continue;
    pieces.push(text.slice(start, end).trimEnd());
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces.filter((piece) => piece.length > 0);
}

/** Whether `at` falls inside a `code` span: an odd number of backtick runs before it. */
function insideCode(text: string, at: number): boolean {
  return ((text.slice(0, at).match(/`+/g) ?? []).length & 1) === 1;
}
