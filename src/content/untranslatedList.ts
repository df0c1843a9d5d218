import { isMap, isScalar, type Pair } from 'yaml';
import { classifyFile, DATA_FILES } from './contentFiles.js';
import type { ContentFolder } from './contentFolder.js';
import { parseYaml } from './yamlSource.js';

type Lists = Map<string, string[]>;

/** The `untranslated` lists of a site file's text, by language code, in their order. */
function readLists(source: string): { lists: Lists; pair: Pair | undefined } {
  const { doc, data: read } = parseYaml(source);
  const root = doc.contents;
  const pair = isMap(root) ? root.items.find((item) => isScalar(item.key) && item.key.value === 'untranslated') : undefined;
  const data = (read as { untranslated?: Record<string, string[]> } | null | undefined)?.untranslated ?? {};
  return { lists: new Map(Object.entries(data).map(([code, routes]) => [code, [...(routes ?? [])]])), pair };
}

/** The section written fresh; an empty one is left out, as the schema allows. */
function section(lists: Lists): string {
  const entries = [...lists].filter(([, routes]) => routes.length > 0);
  if (entries.length === 0) return '';
  return ['untranslated:', ...entries.map(([code, routes]) => `  ${code}: [${routes.join(', ')}]`)].join('\n');
}

/**
 * Writes new lists into the site file's text, changing only the `untranslated` section: every
 * other byte (comments, order, quoting, folded text) stays as its author wrote it.
 */
function writeLists(source: string, lists: Lists, pair: Pair | undefined): string {
  const written = section(lists);
  const range = pair && (pair.key as { range?: [number, number, number] }).range;
  let valueEnd = pair && (pair.value as { range?: [number, number, number] } | null)?.range?.[1];
  if (!range || valueEnd === undefined) {
    if (!written) return source;
    return `${source}${source.endsWith('\n') || source === '' ? '' : '\n'}${written}\n`;
  }
  // A block value's range takes in the line break after it, which belongs to what follows.
  while (valueEnd > range[0] && /\s/.test(source[valueEnd - 1]!)) valueEnd -= 1;
  const before = source.slice(0, range[0]);
  let after = source.slice(valueEnd);
  // With the section gone, its line goes too.
  if (!written && after.startsWith('\n')) after = after.slice(1);
  return `${before}${written}${after}`;
}

/** The `untranslated` lists of a site file, by language code. */
export function readUntranslated(source: string): Lists {
  return readLists(source).lists;
}

/** The site file's text with these lists; the very same text when they are the lists it has. */
export function writeUntranslated(source: string, lists: ReadonlyMap<string, readonly string[]>): string {
  const current = readLists(source);
  const same = (a: readonly string[] = [], b: readonly string[] = []) => a.length === b.length && a.every((route, i) => route === b[i]);
  const codes = new Set([...current.lists.keys(), ...lists.keys()]);
  if ([...codes].every((code) => same(current.lists.get(code), lists.get(code)))) return source;
  return writeLists(source, new Map([...lists].map(([code, routes]) => [code, [...routes]])), current.pair);
}

/**
 * The site file of `folder` with its untranslated lists in step with its pages: every English
 * page without a translation in a language is listed for it, and nothing else is. Undefined
 * when the lists are already so. The page editor applies this when pages come and go.
 */
export function untranslatedInStep(folder: ContentFolder): string | undefined {
  if (!folder.has(DATA_FILES.site)) return undefined;
  const source = folder.read(DATA_FILES.site);
  const languages = (parseYaml(source).data as { languages?: { code?: unknown }[] } | null | undefined)?.languages ?? [];
  const codes = languages.slice(1).flatMap((language) => (typeof language.code === 'string' ? [language.code] : []));
  const english = folder.files.flatMap((file) => {
    const entry = file.includes('/') ? undefined : classifyFile(file);
    return entry?.kind === 'page' ? [entry] : [];
  });
  const current = readUntranslated(source);
  const lists = new Map(
    codes.map((code) => {
      const missing = english.filter((page) => !folder.has(`${code}/${page.file}`)).map((page) => page.route);
      const kept = (current.get(code) ?? []).filter((route) => missing.includes(route));
      return [code, [...kept, ...missing.filter((route) => !kept.includes(route))]] as const;
    }),
  );
  const written = writeUntranslated(source, lists);
  return written === source ? undefined : written;
}
