import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The stylesheets a dynamically imported module (or a named chunk, by its key) needs, its static imports' included. */
export function chunkStyles(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const styles = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name) || chunk.isEntry) return;
    seen.add(name);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...styles];
}

/** The key of the chunk made by a group of codeSplitting (its modules have no entries of their own). */
export const groupKey = (manifest: Manifest, group: string): string | undefined =>
  Object.keys(manifest).find((name) => manifest[name]!.name === group);

/** A built asset by the file name it had before hashing (a font the build wrote, wherever it wrote it). */
export const assetNamed = (manifest: Manifest, file: string) => Object.values(manifest).find((entry) => entry.src?.endsWith(`/${file}`));
