import { parse } from 'yaml';
import type { ContentFolder } from '../../src/content/contentFolder';
import { withFile } from '../../src/content/contentFolder';
import { englishOf } from '../../src/content/translationStamp';
import { englishFingerprint } from '../../src/content/translations';
import type { Store } from '../store/Store';

/**
 * For a translation: its English file as live now, and as it was when the translation was
 * stamped (found among the English file's revisions and the deploy's version by its
 * fingerprint), so the editor can show what changed in English since. `then` is null when
 * no version with that fingerprint is kept; undefined when `file` is not a translation.
 */
export async function englishVersions(
  { folder, store, deployedSource }: { folder: ContentFolder; store: Store; deployedSource: (file: string) => string | null },
  file: string,
  translation: string,
): Promise<{ english: string; now: string; then: string | null } | undefined> {
  const english = englishOf(file, folder);
  if (!english || !folder.has(english)) return undefined;
  const now = folder.read(english);
  let stamp: unknown;
  try {
    stamp = (parse(translation) as { source?: unknown } | null)?.source;
  } catch {
    stamp = undefined;
  }
  const deployed = deployedSource(english);
  const candidates = [
    now,
    ...(await store.pages.pageRevisions(english)).flatMap((revision) => (revision.source === null ? [] : [revision.source])),
    ...(deployed === null ? [] : [deployed]),
  ];
  const made = (candidate: string) => {
    try {
      return englishFingerprint(withFile(folder, english, candidate), english) === stamp;
    } catch {
      return false;
    }
  };
  return { english, now, then: (typeof stamp === 'string' && candidates.find(made)) || null };
}
