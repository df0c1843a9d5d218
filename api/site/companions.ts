import type { ContentFolder } from '../../src/content/contentFolder';
import { languageFolders } from '../../src/content/contentFiles';
import type { PageDraft, PageState } from '../store/PageStore';
import type { Store } from '../store/Store';

/** A companion's draft changed after the editor looked at it: it is not published unseen. */
export interface CompanionChanged {
  companionChanged: string;
}

type WithDraft = PageState & { draft: PageDraft };

/**
 * The same file in the site's other languages (the English one, for a translation), with its
 * draft where it has one: a change of shape, such as a menu entry, is published with them.
 */
export async function companionsOf(folder: ContentFolder, store: Store, file: string): Promise<WithDraft[]> {
  const base = file.split('/').at(-1)!;
  const twins = [base, ...languageFolders(folder).map((language) => `${language}/${base}`)].filter((name) => name !== file);
  const states = await Promise.all(twins.map((name) => store.pages.pageState(name)));
  return states.flatMap((state) => (state?.draft ? [{ ...state, draft: state.draft }] : []));
}

/**
 * The drafts of `files`, each of which must be one of `file`'s companions, at the revision the
 * editor saw when `basedOn` is given; otherwise why not.
 */
export async function companionDrafts(
  folder: ContentFolder,
  store: Store,
  file: string,
  files: readonly { file: string; basedOn?: string }[],
): Promise<{ drafts: Map<string, WithDraft> } | { refused: string } | CompanionChanged> {
  const companions = new Map((await companionsOf(folder, store, file)).map((companion) => [companion.file, companion]));
  const drafts = new Map<string, WithDraft>();
  for (const wanted of files) {
    const companion = companions.get(wanted.file);
    if (!companion)
      return {
        refused: `${wanted.file} has no draft to publish with ${file}: only a draft of the same file in another language can go with it.`,
      };
    if (wanted.basedOn !== undefined && wanted.basedOn !== companion.head) return { companionChanged: wanted.file };
    drafts.set(wanted.file, companion);
  }
  return { drafts };
}
