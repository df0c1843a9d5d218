import { createHash } from 'node:crypto';
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
  /**
   * A fingerprint of the file's bytes (SHA-256), kept once computed: the check and the
   * renderer redo a file's work only when it changed, so a publish costs what it changes.
   */
  digest(file: string): string;
}

const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('base64url');

/** `digest` for a folder whose files do not change under it, each hashed once. */
function digestsOf(readBytes: (file: string) => Buffer): (file: string) => string {
  const known = new Map<string, string>();
  return (file) => {
    let digest = known.get(file);
    if (digest === undefined) {
      digest = sha256(readBytes(file));
      known.set(file, digest);
    }
    return digest;
  };
}

/** Files in name order; a collator made once compares far faster than localeCompare, which a site of thousands of files feels. */
const byName = new Intl.Collator('en').compare;

/** A folder on disk, as it is when listed (a deploy replaces it and restarts the server). Hidden files (.DS_Store, an editor's swap files) are not content. */
export function diskFolder(dir: string, label = path.relative(process.cwd(), dir) || '.'): ContentFolder {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')))
    .sort(byName);
  const known = new Set(files);
  const readBytes = (file: string) => readFileSync(path.join(dir, file));
  return {
    label,
    files,
    has: (file) => known.has(file),
    read: (file) => readFileSync(path.join(dir, file), 'utf8'),
    readBytes,
    digest: digestsOf(readBytes),
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
  const readBytes = (file: string) => {
    const value = get(file);
    return typeof value === 'string' ? Buffer.from(value) : value;
  };
  return { label, files, has: (file) => entries.has(file), read: (file) => get(file).toString(), readBytes, digest: digestsOf(readBytes) };
}

/**
 * Some of a folder's files, read from it (with the digests it has worked out): a page and the
 * files it is drawn with, checked on their own while the whole site's check runs.
 */
export function someFiles(folder: ContentFolder, files: Iterable<string>): ContentFolder {
  const wanted = new Set(files);
  const listed = folder.files.filter((file) => wanted.has(file));
  const known = new Set(listed);
  return {
    label: folder.label,
    files: listed,
    has: (file) => known.has(file),
    read: (file) => folder.read(file),
    readBytes: (file) => folder.readBytes(file),
    digest: (file) => folder.digest(file),
  };
}

/** The same folder with one file written (added or replaced) or, with `null`, removed: a draft seen in its site. */
export function withFile(folder: ContentFolder, file: string, text: string | null): ContentFolder {
  return withFiles(folder, new Map([[file, text]]));
}

/** What `withFiles` laid over which folder, and the digests it has worked out: a folder changed again is laid over the same one. */
const layers = new WeakMap<
  ContentFolder,
  { under: ContentFolder; changes: ReadonlyMap<string, string | Buffer | null>; digests: Map<string, string> }
>();

/**
 * The same folder with each of `changes` written (text or bytes) or, with `null`, removed: the
 * deployed folder with what editors published and the pictures they uploaded. A folder made
 * this way and changed again becomes one layer over the same folder, keeping the digests of
 * the files that did not change, so a site changed a thousand times reads as fast as the first.
 */
export function withFiles(folder: ContentFolder, changes: ReadonlyMap<string, string | Buffer | null>): ContentFolder {
  const layer = layers.get(folder);
  const under = layer?.under ?? folder;
  const own: ReadonlyMap<string, string | Buffer | null> = layer ? new Map([...layer.changes, ...changes]) : changes;
  const digests = new Map(layer ? [...layer.digests].filter(([name]) => !changes.has(name)) : []);
  const written = [...own].flatMap(([name, content]) => (content === null ? [] : [name]));
  const files = [...new Set([...under.files, ...written])].filter((name) => own.get(name) !== null).sort(byName);
  const known = new Set(files);
  const readBytes = (name: string) => {
    const content = own.get(name);
    if (content === undefined || content === null) return under.readBytes(name);
    return typeof content === 'string' ? Buffer.from(content) : content;
  };
  const made: ContentFolder = {
    label: under.label,
    files,
    has: (name) => known.has(name),
    read: (name) => own.get(name)?.toString() ?? under.read(name),
    readBytes,
    digest: (name) => {
      if (own.get(name) === undefined) return under.digest(name);
      let digest = digests.get(name);
      if (digest === undefined) {
        digest = sha256(readBytes(name));
        digests.set(name, digest);
      }
      return digest;
    },
  };
  layers.set(made, { under, changes: own, digests });
  return made;
}
