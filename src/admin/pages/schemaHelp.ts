import type { ContentOutlines, SchemaOutline } from '../../shared/pageEditor';

/** A step of the path to a place in a YAML file: a key, or an item of a list (with the line it starts on). */
type Step = { key: string } | { item: number };

const KEY_LINE = /^(\s*)(- )?([A-Za-z_][\w-]*):(.*)$/;
const indentOf = (line: string) => line.length - line.trimStart().length;
const meaningful = (line: string) => line.trim() !== '' && !line.trimStart().startsWith('#');

/**
 * The path from the top of the file to the mapping whose keys sit at `indent` on line `row`,
 * read from the indentation of the lines above: the way the content files are written
 * (block style, two spaces), and forgiving of the half-typed line being edited.
 */
function pathTo(lines: readonly string[], row: number, indent: number): Step[] {
  const steps: Step[] = [];
  let target = indent;
  for (let at = row - 1; at >= 0 && target > 0; at--) {
    const line = lines[at]!;
    if (!meaningful(line)) continue;
    const own = indentOf(line);
    const dashed = line.trimStart().startsWith('- ');
    if (dashed && own < target) {
      steps.push({ item: at });
      target = own;
      // The list's own key is above, at this indentation or less.
      for (at -= 1; at >= 0; at--) {
        const owner = lines[at]!;
        if (!meaningful(owner)) continue;
        const match = KEY_LINE.exec(owner);
        if (match && indentOf(owner) <= own && match[4]!.trim() === '') {
          steps.push({ key: match[3]! });
          target = indentOf(owner) + (match[2] ? 2 : 0);
          break;
        }
      }
      continue;
    }
    const match = KEY_LINE.exec(line);
    if (match && own < target && match[4]!.trim() === '') {
      steps.push({ key: match[3]! });
      target = own + (match[2] ? 2 : 0);
    }
  }
  return steps.reverse();
}

/** The block type of the list item starting on `row`: its `type:` line. */
function blockType(lines: readonly string[], row: number): string | undefined {
  const keys = indentOf(lines[row]!) + 2;
  for (let at = row; at < lines.length; at++) {
    const line = lines[at]!;
    if (at > row && meaningful(line) && indentOf(line) < keys) break;
    const match = KEY_LINE.exec(line);
    if (match?.[3] === 'type' && indentOf(line) + (match[2] ? 2 : 0) === keys) return match[4]!.trim();
  }
  return undefined;
}

/** What the schema says of the mapping at `steps`, for a file of the given outline. */
function outlineAt(
  outlines: ContentOutlines,
  root: SchemaOutline,
  lines: readonly string[],
  steps: readonly Step[],
): SchemaOutline | undefined {
  let here: SchemaOutline | undefined = root;
  let previous: Step | undefined;
  for (const step of steps) {
    if (!here) return undefined;
    if ('key' in step) here = here.properties?.[step.key];
    else {
      const type =
        previous && 'key' in previous && previous.key === 'blocks' && here === root.properties?.blocks
          ? blockType(lines, step.item)
          : undefined;
      here = (type && outlines.blocks.find((block) => block.type === type)?.outline) || here.items;
    }
    previous = step;
  }
  return here;
}

export interface Place {
  /** The mapping the cursor's line belongs to. */
  mapping: SchemaOutline | undefined;
  /** On a key's value: that key. */
  key?: string;
  /** Where the word being typed starts, in the document. */
  from: number;
}

/** The place the cursor is at: typing a key of some mapping, or the value of a key. */
export function placeAt(outlines: ContentOutlines, root: SchemaOutline, text: string, position: number): Place {
  const before = text.slice(0, position);
  const row = before.split('\n').length - 1;
  const lines = text.split('\n');
  const lineStart = before.lastIndexOf('\n') + 1;
  const typed = before.slice(lineStart);
  const valued = /^(\s*)(- )?([A-Za-z_][\w-]*):\s*([^\s#]*)$/.exec(typed);
  const keyed = /^(\s*)(- )?([A-Za-z_][\w-]*)?$/.exec(typed);
  const line = valued ?? keyed;
  const indent = line ? line[1]!.length : indentOf(typed);
  // A line that starts a list item ("- key") is in that item's mapping.
  const steps = line?.[2] ? [...pathTo(lines, row, indent), { item: row }] : pathTo(lines, row, indent);
  const mapping = outlineAt(outlines, root, lines, steps);
  if (valued) return { mapping, key: valued[3]!, from: position - valued[4]!.length };
  return { mapping, from: position - (keyed?.[3]?.length ?? 0) };
}

/** The key under `position` and what its schema says, for the help shown on hover. */
export function helpAt(outlines: ContentOutlines, root: SchemaOutline, text: string, position: number) {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  const lineEnd = text.indexOf('\n', position) === -1 ? text.length : text.indexOf('\n', position);
  const match = KEY_LINE.exec(text.slice(lineStart, lineEnd));
  if (!match) return undefined;
  const from = lineStart + match[1]!.length + (match[2] ? 2 : 0);
  const to = from + match[3]!.length;
  if (position < from || position > to) return undefined;
  const lines = text.split('\n');
  const row = text.slice(0, lineStart).split('\n').length - 1;
  const path = pathTo(lines, row, match[1]!.length);
  const mapping = outlineAt(outlines, root, lines, match[2] ? [...path, { item: row }] : path);
  const schema = mapping?.properties?.[match[3]!];
  if (!schema?.description && !schema?.values) return undefined;
  const allowed = schema.values && schema.values.length > 1 ? ` Allowed: ${schema.values.join(', ')}.` : '';
  return { from, to, text: `${match[3]!}: ${schema.description ?? ''}${allowed}` };
}
