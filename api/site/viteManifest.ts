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

/**
 * The JS files and stylesheets a dynamically imported module needs, its static imports included.
 * A module grouped into a named chunk has no entry of its own: `group` names the chunk instead.
 */
export function chunkFiles(manifest: Manifest, key: string, group?: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || scripts.has(chunk.file) || chunk.isEntry) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  const grouped = group === undefined ? undefined : Object.keys(manifest).find((name) => manifest[name]!.name === group);
  visit(key in manifest || !grouped ? key : grouped);
  return { scripts: [...scripts], styles: [...styles] };
}
