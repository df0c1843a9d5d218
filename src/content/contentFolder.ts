import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The files of a content folder, wherever they are kept: pages-data/ on disk for the
 * command line and the build, or the store's published files (and one draft in place of its
 * file) for the server and the page editor. The content check reads only through this.
 */
export interface ContentFolder {
  /** How reports name the folder: "pages-data" in pages-data/x.yaml:3:1. */
  label: string;
  /** Every file's path inside the folder, with / between folders (clcss.yaml, mr/clcss.yaml, images/hotel.svg), sorted. */
  files: readonly string[];
  has(file: string): boolean;
  read(file: string): string;
  readBytes(file: string): Buffer;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** A folder on disk. Hidden files (.DS_Store, an editor's swap files) are not content. */
export function diskFolder(dir: string, label = path.relative(process.cwd(), dir) || '.'): ContentFolder {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')))
    .sort(byName);
  const known = new Set(files);
  return {
    label,
    files,
    has: (file) => known.has(file),
    read: (file) => readFileSync(path.join(dir, file), 'utf8'),
    readBytes: (file) => readFileSync(path.join(dir, file)),
  };
}

/** A folder held in memory, as the store gives it. */
export function memoryFolder(entries: ReadonlyMap<string, string | Buffer>, label = 'pages-data'): ContentFolder {
  const files = [...entries.keys()].sort(byName);
  const get = (file: string) => {
    const value = entries.get(file);
    if (value === undefined) throw new Error(`No file ${file} in the content`);
    return value;
  };
  return {
    label,
    files,
    has: (file) => entries.has(file),
    read: (file) => get(file).toString(),
    readBytes: (file) => {
      const value = get(file);
      return typeof value === 'string' ? Buffer.from(value) : value;
    },
  };
}

/** The same folder with one file written (added or replaced) or, with `null`, removed: a draft seen in its site. */
export function withFile(folder: ContentFolder, file: string, text: string | null): ContentFolder {
  return withFiles(folder, new Map([[file, text]]));
}

/**
 * The same folder with each of `changes` written (text or bytes) or, with `null`, removed: the
 * deployed folder with what editors published and the pictures they uploaded.
 */
export function withFiles(folder: ContentFolder, changes: ReadonlyMap<string, string | Buffer | null>): ContentFolder {
  const written = [...changes].flatMap(([name, content]) => (content === null ? [] : [name]));
  const files = [...new Set([...folder.files, ...written])].filter((name) => changes.get(name) !== null).sort(byName);
  const known = new Set(files);
  const own = (name: string) => changes.get(name);
  return {
    label: folder.label,
    files,
    has: (name) => known.has(name),
    read: (name) => own(name)?.toString() ?? folder.read(name),
    readBytes: (name) => {
      const content = own(name);
      if (content === undefined || content === null) return folder.readBytes(name);
      return typeof content === 'string' ? Buffer.from(content) : content;
    },
  };
}
