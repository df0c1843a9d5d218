import { isMap, isScalar, isSeq, parseDocument, type Document, type YAMLMap, type YAMLSeq } from 'yaml';

/** Where a list of menu entries is in a site file: ['nav'], ['nav', 2, 'columns', 0, 'items'], ['footer', 'links']. */
export type ListPath = readonly (string | number)[];

/** One change to the menu, made the same way in every language's site file (they share one shape). */
export type MenuEdit =
  | { kind: 'move'; list: ListPath; index: number; by: -1 | 1 }
  | { kind: 'move-to'; list: ListPath; index: number; to: ListPath }
  | { kind: 'remove'; list: ListPath; index: number }
  | { kind: 'rename'; list: ListPath; index: number; labels: Readonly<Record<string, string>> }
  | { kind: 'add'; list: ListPath; to: string; labels: Readonly<Record<string, string>> };

/** The comment on a label copied from English into another language until someone writes it there. */
export const NEEDS_LABEL = ' needs its label in this language';

/** How a site file is written back: as the firm's files are written, so an unchanged line stays byte for byte. */
const WRITE = { lineWidth: 0, flowCollectionPadding: false } as const;

/** A menu entry as the panel shows it. */
export interface MenuEntry {
  label: string;
  /** The label in each language, by language code. */
  labels: Record<string, string>;
  to?: string;
  /** The languages whose site file still has the English label, marked to be written. */
  needsLabel: string[];
  /** A dropdown's columns, or a submenu's (or column's) entries. */
  columns?: MenuList[];
  items?: MenuList;
}

export interface MenuList {
  path: ListPath;
  /** A column's heading, and the heading in each language; absent for the top menu, a submenu and the footer. */
  heading?: string;
  headings?: Record<string, string>;
  entries: MenuEntry[];
}

const seqAt = (doc: Document, path: ListPath): YAMLSeq => {
  const node = doc.getIn(path, true);
  if (!isSeq(node)) throw new Error(`The site file has no list at ${path.join('.')}`);
  return node;
};

const labelKey = (entry: YAMLMap) => (entry.has('heading') ? 'heading' : 'label');

/**
 * Makes one change to the menu in each language's site file (source files by language code,
 * English first) and gives the new texts. Comments, order and quoting stay as they were.
 */
export function applyMenuEdit(sources: ReadonlyMap<string, string>, edit: MenuEdit): Map<string, string> {
  const [english] = sources.keys();
  const result = new Map<string, string>();
  for (const [language, source] of sources) {
    const doc = parseDocument(source, { keepSourceTokens: false });
    const list = seqAt(doc, edit.list);
    if (edit.kind === 'move') {
      const [entry] = list.items.splice(edit.index, 1);
      list.items.splice(edit.index + edit.by, 0, entry);
    } else if (edit.kind === 'move-to') {
      const [entry] = list.items.splice(edit.index, 1);
      seqAt(doc, edit.to).items.push(entry);
    } else if (edit.kind === 'remove') {
      list.items.splice(edit.index, 1);
    } else if (edit.kind === 'rename') {
      const entry = list.items[edit.index] as YAMLMap;
      const label = edit.labels[language]?.trim();
      if (label) entry.set(labelKey(entry), doc.createNode(label));
    } else {
      const given = edit.labels[language]?.trim();
      const entry = doc.createNode({ label: given || edit.labels[english!]!.trim(), to: edit.to });
      if (!given) (entry.get('label', true) as { comment?: string }).comment = NEEDS_LABEL;
      list.items.push(entry);
    }
    result.set(language, doc.toString(WRITE));
  }
  return result;
}

const textAt = (doc: Document, path: ListPath) => {
  const node = doc.getIn(path, true);
  return isScalar(node) ? String(node.value) : '';
};

function entriesOf(docs: ReadonlyMap<string, Document>, path: ListPath, headings?: Record<string, string>): MenuList {
  const [english, ...others] = docs.values();
  const codes = [...docs.keys()];
  const list = seqAt(english!, path);
  return {
    path,
    ...(headings && { heading: Object.values(headings)[0]!, headings }),
    entries: list.items.map((node, index) => {
      const entry = node as YAMLMap;
      const here = [...path, index];
      const all = [english!, ...others];
      const needsLabel = codes.filter((_, at) => {
        const label = all[at]!.getIn([...here, labelKey(entry)], true);
        return isScalar(label) && label.comment === NEEDS_LABEL;
      });
      const labels = Object.fromEntries(codes.map((code, at) => [code, textAt(all[at]!, [...here, labelKey(entry)])]));
      const columns = entry.get('columns', true);
      const items = entry.get('items', true);
      return {
        label: String(entry.get(labelKey(entry))),
        labels,
        ...(entry.has('to') && { to: String(entry.get('to')) }),
        needsLabel,
        ...(isSeq(columns) && {
          columns: columns.items.map((_, at) =>
            entriesOf(
              docs,
              [...here, 'columns', at, 'items'],
              Object.fromEntries([...docs].map(([code, doc]) => [code, textAt(doc, [...here, 'columns', at, 'heading'])])),
            ),
          ),
        }),
        ...(isSeq(items) && { items: entriesOf(docs, [...here, 'items']) }),
      };
    }),
  };
}

/** The top menu and the footer as visitors see them, from each language's site file (English first). */
export function readMenu(sources: ReadonlyMap<string, string>): { nav: MenuList; footer: MenuList } {
  const docs = new Map([...sources].map(([language, source]) => [language, parseDocument(source)]));
  const english = docs.values().next().value!;
  if (!isMap(english.contents)) throw new Error('The site file is not a mapping of keys');
  return { nav: entriesOf(docs, ['nav']), footer: entriesOf(docs, ['footer', 'links']) };
}

/** The site's languages from its English site file, English first: [{ code: 'en', name: 'English' }, …]. */
export function languagesOf(source: string): { code: string; name: string }[] {
  const languages = parseDocument(source).get('languages');
  if (!isSeq(languages)) return [];
  return languages.items.filter(isMap).map((language) => ({ code: String(language.get('code')), name: String(language.get('name')) }));
}

/**
 * A site file's text without its top menu, its footer links and the list of pages still to
 * translate (which publishing keeps): two texts that agree here differ only in the menu, so a
 * draft that changes more (the firm's details, which an owner reviews) is told apart.
 */
export function outsideMenu(source: string): string {
  const doc = parseDocument(source);
  doc.delete('nav');
  doc.deleteIn(['footer', 'links']);
  doc.delete('untranslated');
  return doc.toString(WRITE);
}
