import { DEPLOYED, type ChangedFile, type ChangeSet } from '../shared/changeSet.js';
import { classifyFile, LANGUAGE_DIR } from './contentFiles.js';
import { withFiles, type ContentFolder } from './contentFolder.js';
import { englishOf, stampTranslation } from './translationStamp.js';
import { untranslatedInStep } from './untranslatedList.js';

/** What the store holds of a content file, as far as planning needs: its newest revision and its draft. */
export interface StoredFile {
  head: string;
  draft?: string;
}

/** What a plan is made against: the live content, and the store's files. */
export interface PlanView {
  live: ContentFolder;
  stored: (path: string) => StoredFile | undefined;
}

/** A file an action names, with the revision the editor saw. */
export interface NamedFile {
  path: string;
  text: string | null;
  basedOn: string;
}

/** Why an action cannot be planned, and which field of the request says so. */
export interface Refusal {
  refused: { field: string; message: string; status: 400 | 409 };
}

const SITE_FILE = '_site.yaml';
const headOf = (view: PlanView, path: string) => view.stored(path)?.head ?? DEPLOYED;
const nameOf = (path: string) => path.split('/').at(-1)!;

/** An English page (clcss.yaml), not a translation, a site file or the 404 page. */
export function isEnglishPage(path: string): boolean {
  return !path.includes('/') && classifyFile(path).kind === 'page';
}

/** A page in any language (clcss.yaml, mr/clcss.yaml). */
export function isPage(path: string): boolean {
  const parts = path.split('/');
  return (parts.length === 1 || (parts.length === 2 && LANGUAGE_DIR.test(parts[0]!))) && classifyFile(nameOf(path)).kind === 'page';
}

/** The pages of a folder, by path: whether the set changed decides whether the untranslated lists need a look. */
const pagesOf = (folder: ContentFolder) => folder.files.filter(isPage).join('\n');

/**
 * Completes an action's files into the change set that makes it: an English page removed takes
 * its translations with it; translations published from a draft are stamped against their
 * English as it will be; and when pages come or go, the site file's lists of pages not yet
 * translated are brought into step. Files the action did not name are written over whatever
 * is newest in the store.
 */
function complete(view: PlanView, named: readonly NamedFile[], { stamp, note }: { stamp: boolean; note?: string }): ChangeSet {
  const files = new Map(named.map((file) => [file.path, { ...file }]));
  const derived = (path: string, text: string | null) => {
    const existing = files.get(path);
    if (existing) existing.text = text;
    else files.set(path, { path, text, basedOn: headOf(view, path) });
  };
  for (const file of named) {
    if (file.text !== null || !isEnglishPage(file.path)) continue;
    for (const other of view.live.files) if (other.split('/').length === 2 && nameOf(other) === file.path) derived(other, null);
  }
  const after = () => withFiles(view.live, new Map([...files].map(([path, file]) => [path, file.text])));
  if (stamp) {
    const planned = after();
    for (const file of files.values()) {
      const english = file.text === null ? undefined : englishOf(file.path, planned);
      if (english) file.text = stampTranslation(file.text!, planned, english);
    }
  }
  const planned = after();
  if (pagesOf(planned) !== pagesOf(view.live)) {
    const site = untranslatedInStep(planned);
    if (site !== undefined) derived(SITE_FILE, site);
  }
  return { files: [...files.values()], ...(note && { note }) };
}

/**
 * Publishing a file: its text (its draft, or what the editor has on screen for a check or a
 * preview), with the drafts of the same file in other languages that go live with it.
 */
export function planPublish(view: PlanView, file: NamedFile, companions: readonly NamedFile[] = [], note?: string): ChangeSet {
  return complete(view, [file, ...companions], { stamp: true, note });
}

/** Publishing an earlier revision's bytes again, as they were (unstamped); null republishes a removal. */
export function planRollback(view: PlanView, file: NamedFile, revision: string): ChangeSet {
  return complete(view, [file], { stamp: false, note: `Rollback to revision ${revision}` });
}

/** Unpublishing a page, with its translations. */
export function planRemoval(view: PlanView, path: string): ChangeSet | Refusal {
  if (!view.live.has(path)) return { refused: { field: 'file', message: 'There is no such content file.', status: 400 } };
  if (!isPage(path))
    return {
      refused: { field: 'file', message: 'Only a page can be removed; the site needs this file. Change it instead.', status: 400 },
    };
  return complete(view, [{ path, text: null, basedOn: headOf(view, path) }], { stamp: false });
}

/** Saving drafts: each file as the editor wrote it (the menu saves every language's site file at once). */
export function planDrafts(files: readonly NamedFile[]): ChangeSet {
  return { files: files.map((file) => ({ ...file })) };
}

/**
 * Starting a page (or a translation) as a draft copy of another page: its file must make a free
 * address that is no admin or server path, the template must be a page of the site, and a
 * translation needs its English page first.
 */
export function planNewPage(view: PlanView, path: string, template: string): ChangeSet | Refusal {
  const entry = classifyFile(nameOf(path));
  const parts = path.split('/');
  if (parts.length > 2 || (parts.length === 2 && !LANGUAGE_DIR.test(parts[0]!)))
    return {
      refused: { field: 'file', message: `${path} is not a page: name it like solar-rooftop.yaml or mr/solar-rooftop.yaml`, status: 400 },
    };
  if (entry.kind !== 'page')
    return { refused: { field: 'file', message: `${path} ${entry.kind === 'invalid' ? entry.reason : 'is a site file'}`, status: 400 } };
  const stored = view.stored(path);
  if (view.live.has(path) || stored?.draft !== undefined)
    return {
      refused: { field: 'file', message: `${entry.route} is taken: open ${path} to change it, or choose another name.`, status: 409 },
    };
  if (!view.live.has(template) || !isPage(template))
    return { refused: { field: 'template', message: 'Choose a page of the site to start from.', status: 400 } };
  if (parts.length === 2 && !view.live.has(nameOf(path)))
    return {
      refused: {
        field: 'file',
        message: `${path} is a translation: its English page ${nameOf(path)} must be published first.`,
        status: 400,
      },
    };
  return planDrafts([{ path, text: view.live.read(template), basedOn: stored?.head ?? DEPLOYED }]);
}

/** A change set's files in the order they are reported: the named file first. */
export const filesChanged = (change: ChangeSet): string[] => change.files.map((file: ChangedFile) => file.path);
