import { createHash } from 'node:crypto';
import { withFiles, type ContentFolder } from '../../src/content/contentFolder';
import type { PageState } from '../store/PageStore';

/** SHA-256 of a file's text, or null for no file: how a deploy's version is recognised later. */
export function hashOf(source: string | null): string | null {
  return source === null ? null : createHash('sha256').update(source).digest('hex');
}

const deployedSource = (deployed: ContentFolder, file: string) => (deployed.has(file) ? deployed.read(file) : null);

/**
 * What the deploy had of `file`, to record with a publish. Where the content folder on disk
 * holds the editor's own last publish (the file store writes it there), the deploy's version
 * is the one that publish recorded, not the editor's bytes.
 */
export function deployedHashFor(deployed: ContentFolder, file: string, state: PageState | undefined): string | null {
  const onDisk = hashOf(deployedSource(deployed, file));
  const published = state?.published;
  if (published && onDisk === hashOf(published.source)) return published.deployedHash;
  return onDisk;
}

/**
 * The content the site is built from: the deployed folder with every file an editor published
 * in its place (or removed). Where a deploy changed a file since an editor published it, and
 * the two differ, the editor's version stays live and the file is listed to be reconciled.
 */
export function publishedFolder(deployed: ContentFolder, states: readonly PageState[]): { folder: ContentFolder; reconcile: Set<string> } {
  const changes = new Map<string, string | null>();
  const reconcile = new Set<string>();
  for (const { file, published } of states) {
    if (!published) continue;
    changes.set(file, published.source);
    const onDisk = hashOf(deployedSource(deployed, file));
    if (onDisk !== published.deployedHash && onDisk !== hashOf(published.source)) reconcile.add(file);
  }
  return { folder: withFiles(deployed, changes), reconcile };
}
