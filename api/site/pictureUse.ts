import type { ContentFolder } from '../../src/content/contentFolder';
import { IMAGES_DIR } from '../../src/content/contentFiles';
import type { Store } from '../store/Store';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The content files that name each picture: the site's published files, and any draft (a
 * draft's picture must stay for the draft to be published). A draft is named "file (draft)".
 */
export async function picturesUsedBy(folder: ContentFolder, store: Store, names: readonly string[]): Promise<Map<string, string[]>> {
  const texts: [string, string][] = folder.files.filter((file) => /\.ya?ml$/.test(file)).map((file) => [file, folder.read(file)]);
  for (const state of await store.pages.pageStates()) {
    if (state.draft) texts.push([`${state.file} (draft)`, state.draft.source]);
    // Published on another instance and not yet picked up by this one.
    const published = state.published?.source;
    if (published && (!folder.has(state.file) || folder.read(state.file) !== published)) texts.push([state.file, published]);
  }
  return new Map(
    names.map((name) => {
      // images/a.jpg as a whole value: not images/a.jpg.bak, nor images/xa.jpg.
      const named = new RegExp(`(^|[^A-Za-z0-9_./-])${escaped(`${IMAGES_DIR}/${name}`)}($|[^A-Za-z0-9_.-])`, 'm');
      return [name, texts.filter(([, text]) => named.test(text)).map(([file]) => file)];
    }),
  );
}
