import type { ContentFolder } from '../../src/content/contentFolder';
import type { TextFacts } from '../../src/content/textFacts';
import { englishOf } from '../../src/content/translationStamp';
import type { Store } from '../store/Store';
import type { Text } from './contentChecks';

/**
 * For a translation: its English file as live now, and as it was when the translation was
 * stamped (found among the English file's revisions and the deploy's version by its
 * fingerprint), so the editor can show what changed in English since. `then` is null when
 * no version with that fingerprint is kept; undefined when `file` is not a translation.
 * The texts are read by `read` (the check's thread: the translation may be a draft of any size).
 */
export async function englishVersions(
  {
    folder,
    store,
    deployedSource,
    read,
  }: {
    folder: ContentFolder;
    store: Store;
    deployedSource: (file: string) => string | null;
    read: (texts: readonly Text[]) => Promise<TextFacts[]>;
  },
  file: string,
  translation: string,
): Promise<{ english: string; now: string; then: string | null } | undefined> {
  const english = englishOf(file, folder);
  if (!english || !folder.has(english)) return undefined;
  const now = folder.read(english);
  const deployed = deployedSource(english);
  const candidates = [
    now,
    ...(await store.pages.pageRevisions(english)).flatMap((revision) => (revision.source === null ? [] : [revision.source])),
    ...(deployed === null ? [] : [deployed]),
  ];
  const [made, ...versions] = await read([[file, translation], ...candidates.map((candidate) => [english, candidate] as const)]);
  const stamped = made!.stamp === undefined ? -1 : versions.findIndex((version) => version.fingerprint === made!.stamp);
  return { english, now, then: candidates[stamped] ?? null };
}
