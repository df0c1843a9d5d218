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
  const files = text === null ? folder.files.filter((name) => name !== file) : [...new Set([...folder.files, file])].sort(byName);
  const own = (name: string) => name === file;
  return {
    label: folder.label,
    files,
    has: (name) => (own(name) ? text !== null : folder.has(name)),
    read: (name) => (own(name) && text !== null ? text : folder.read(name)),
    readBytes: (name) => (own(name) && text !== null ? Buffer.from(text) : folder.readBytes(name)),
  };
}
