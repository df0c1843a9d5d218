import path from 'node:path';
import type { ContentFolder } from './contentFolder.js';
import { ADMIN_PAGES } from '../shared/adminPages.js';
import { ADMIN_API } from '../shared/adminPaths.js';
import { FORM_SCHEMAS } from '../shared/forms/formSchemas.js';

/**
 * How files in pages-data/ map to the site. The file name is the route, so two
 * files can only claim one route by differing in case or extension, which the
 * check catches.
 */
export const NOT_FOUND_FILE = '_404.yaml';
/** Files of settings rather than pages, each checked against its own schema in schemas/. */
export const DATA_FILES = {
  site: '_site.yaml',
  desk: '_desk.yaml',
  style: '_housestyle.yaml',
  privacy: '_privacy.yaml',
  ui: '_ui.yaml',
} as const;
/** Files a site may have: each language's glossary, `_glossary.yaml` in pages-data/ and in each language folder. */
export const GLOSSARY_FILE = '_glossary.yaml';
export type DataFileKind = keyof typeof DATA_FILES | 'glossary';
export const NOT_FOUND_KEY = '_404';
export const IMAGES_DIR = 'images';
/** A folder named like a language code (mr, hi) holds that language's translations. */
export const LANGUAGE_DIR = /^[a-z]{2}$/;
/**
 * The files of a language folder besides its pages: the site file's words, the form notice,
 * the interface words and the forms' words (whose English is in the form schemas).
 */
export const TRANSLATED_DATA_FILES = { site: '_site.yaml', privacy: '_privacy.yaml', ui: '_ui.yaml', forms: '_forms.yaml' } as const;

export type ContentFile =
  | { kind: 'data'; file: string; data: DataFileKind }
  | { kind: 'page'; file: string; key: string; route: string }
  | { kind: 'not-found'; file: string; key: string }
  | { kind: 'invalid'; file: string; reason: string };

const PAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Addresses the server already answers: the admin screens and every API endpoint. */
const RESERVED = new Set(
  [
    ...Object.values(ADMIN_PAGES),
    ...Object.values(ADMIN_API),
    ...Object.values(FORM_SCHEMAS).map((form) => form['x-endpoint']),
    '/admin',
    '/assets',
  ].map((route) => route.toLowerCase()),
);

/** Classifies one file name in pages-data/. `key` names the page's module. */
export function classifyFile(file: string): ContentFile {
  const ext = path.extname(file);
  const base = path.basename(file, ext);
  const data = (Object.keys(DATA_FILES) as (keyof typeof DATA_FILES)[]).find((kind) => DATA_FILES[kind] === file);
  if (data) return { kind: 'data', file, data };
  if (file === GLOSSARY_FILE) return { kind: 'data', file, data: 'glossary' };
  if (file === NOT_FOUND_FILE) return { kind: 'not-found', file, key: NOT_FOUND_KEY };
  if (ext !== '.yaml' && ext !== '.yml') {
    return { kind: 'invalid', file, reason: 'is not a YAML file; pages-data holds only .yaml files and the images folder' };
  }
  if (!PAGE_NAME.test(base)) {
    return {
      kind: 'invalid',
      file,
      reason: `has a name that cannot be a web address; use letters, digits, dashes and underscores only, such as ${base.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[-_]+/, '') || 'my-page'}.yaml`,
    };
  }
  const route = base === 'index' ? '/' : `/${base}`;
  if (RESERVED.has(route.toLowerCase())) {
    return { kind: 'invalid', file, reason: `cannot be a page: ${route} belongs to the admin area or the server; choose another name` };
  }
  return { kind: 'page', file, key: base, route };
}

/**
 * Every entry at the top of a content folder except the images folder and the language
 * folders: its files, and any other folder by its name (which the check then reports).
 */
export function listContentFiles(folder: ContentFolder): string[] {
  const entries = new Set<string>();
  for (const file of folder.files) {
    const [first, ...rest] = file.split('/');
    if (rest.length && (first === IMAGES_DIR || LANGUAGE_DIR.test(first!))) continue;
    entries.add(first!);
  }
  return [...entries].sort((a, b) => a.localeCompare(b, 'en'));
}

/** The language folders a content folder has (mr, hi), whether or not the site file names them. */
export function languageFolders(folder: ContentFolder): string[] {
  return [
    ...new Set(
      folder.files
        .map((file) => file.split('/'))
        .filter((parts) => parts.length > 1 && LANGUAGE_DIR.test(parts[0]!))
        .map((parts) => parts[0]!),
    ),
  ];
}

/** The English file of a page or of its translation (mr/clcss.yaml is clcss.yaml); undefined for every other file. */
export function pageFileOf(file: string): string | undefined {
  const parts = file.split('/');
  const inLanguage = parts.length === 2 && LANGUAGE_DIR.test(parts[0]!);
  if (parts.length > 1 && !inLanguage) return undefined;
  const name = parts.at(-1)!;
  return classifyFile(name).kind === 'page' ? name : undefined;
}

/** The addresses of a content folder's pages, by their files' names alone (index.yaml is /): what links are judged against. */
export function pageAddresses(folder: ContentFolder): Set<string> {
  return new Set(
    listContentFiles(folder).flatMap((file) => {
      const entry = classifyFile(file);
      return entry.kind === 'page' ? [entry.route] : [];
    }),
  );
}

/** The files directly inside one subfolder, by name. */
export function filesIn(folder: ContentFolder, subfolder: string): string[] {
  return folder.files
    .filter((file) => file.startsWith(`${subfolder}/`) && !file.slice(subfolder.length + 1).includes('/'))
    .map((file) => file.slice(subfolder.length + 1));
}
