import { createHash } from 'node:crypto';
import type { ContentFolder } from '../../src/content/contentFolder';
import type { PageState } from '../store/PageStore';

/** SHA-256 of a file's text, or null for no file: how a deploy's version is recognised later. */
export function hashOf(source: string | null): string | null {
  return source === null ? null : createHash('sha256').update(source).digest('hex');
}

/**
 * The files a deploy changed after an editor published them, where the two now differ: the
 * editor's version stays live, and the page editor offers to reconcile them.
 */
export function deployChangedFiles(deployed: ContentFolder, states: readonly PageState[]): Set<string> {
  const deployChanged = new Set<string>();
  for (const { file, published } of states) {
    if (!published) continue;
    const onDisk = hashOf(deployed.has(file) ? deployed.read(file) : null);
    if (onDisk !== published.deployedHash && onDisk !== hashOf(published.source)) deployChanged.add(file);
  }
  return deployChanged;
}
