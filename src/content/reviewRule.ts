import type { ChangeSet } from '../shared/changeSet.js';
import { DATA_FILES, GLOSSARY_FILE, LANGUAGE_DIR, TRANSLATED_DATA_FILES } from './contentFiles.js';
import { parseYaml } from './yamlSource.js';

/**
 * Which of an editor's changes an owner approves before visitors see them: what speaks for the
 * firm. The desk's messages to enquirers, the interface words (the acknowledgement e-mail among
 * them), the privacy notice, the house style and the glossaries, in every language; and the
 * site file's firm details (name, phone, WhatsApp, e-mail, address, map, privacy and grievance
 * contacts, fees, lenders: everything but the menu and the footer). Pages, their translations
 * and the menu stay the editor's to publish. Owners publish everything directly.
 */

/** How much of a file an owner approves: all of it, or the site file's details (all but the parts below). */
export type OwnersPart = 'file' | 'details';

/**
 * The site file's parts an editor publishes alone: the menu and the footer, and the lists of
 * pages not yet translated, which publishing a page keeps in step by itself.
 */
const EDITORS_PARTS = new Set(['nav', 'footer', 'untranslated']);
/** A translation's fingerprint of its English (`source:`), which publishing writes by itself. */
const STAMP = 'source';

const WHOLE_FILES = new Set<string>([DATA_FILES.desk, DATA_FILES.ui, DATA_FILES.privacy, DATA_FILES.style, GLOSSARY_FILE]);
const TRANSLATED_WHOLE_FILES = new Set<string>([TRANSLATED_DATA_FILES.ui, TRANSLATED_DATA_FILES.privacy, GLOSSARY_FILE]);

/** How much of `path` an owner approves when an editor changes it; undefined for what editors publish alone. */
export function ownersPartOf(path: string): OwnersPart | undefined {
  const parts = path.split('/');
  if (parts.length === 1) return path === DATA_FILES.site ? 'details' : WHOLE_FILES.has(path) ? 'file' : undefined;
  if (parts.length !== 2 || !LANGUAGE_DIR.test(parts[0]!)) return undefined;
  // A language's site file has the tagline and the privacy contact's role besides its menu and footer.
  if (parts[1] === TRANSLATED_DATA_FILES.site) return 'details';
  return TRANSLATED_WHOLE_FILES.has(parts[1]!) ? 'file' : undefined;
}

/** A file of a change that needs an owner, and the top-level keys of it that changed. */
export interface ForOwner {
  file: string;
  keys: string[];
}

/** Where the text cannot be read as a mapping (it never passes the check, but the rule does not rely on that). */
const UNREADABLE = '(file)';

function topLevel(text: string | null | undefined): Record<string, unknown> | undefined {
  if (text === null || text === undefined) return {};
  const { data, syntaxErrors } = parseYaml(text);
  if (syntaxErrors.length > 0) return undefined;
  if (data === null || data === undefined) return {};
  return typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

/** Two values as YAML gives them (text, numbers, true or false, null, lists and mappings), compared by what they hold. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The files of an editor's change that an owner must approve, each with the top-level keys
 * whose values differ from the live text's (comments, layout and key order do not count; nor
 * do the parts publishing writes by itself). Empty when the editor may publish it.
 */
export function forOwner(change: ChangeSet, live: (path: string) => string | undefined): ForOwner[] {
  const found: ForOwner[] = [];
  for (const file of change.files) {
    const part = ownersPartOf(file.path);
    if (!part) continue;
    const before = topLevel(live(file.path));
    const after = topLevel(file.text);
    if (!before || !after) {
      found.push({ file: file.path, keys: [UNREADABLE] });
      continue;
    }
    const translation = file.path.includes('/');
    const ignored = (key: string) => (translation && key === STAMP) || (part === 'details' && EDITORS_PARTS.has(key));
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) => !ignored(key) && !same(before[key], after[key]),
    );
    if (keys.length > 0) found.push({ file: file.path, keys });
  }
  return found;
}
