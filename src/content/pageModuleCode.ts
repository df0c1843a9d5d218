import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ContentPage } from './checkContent.js';
import { iconModule } from './schemaValidator.js';

/** Every icon name and picture path a page mentions, found wherever they sit in its blocks. */
export function collectReferences(value: unknown, found = { icons: new Set<string>(), images: new Set<string>() }) {
  if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'icon' && typeof child === 'string') found.icons.add(child);
      else if (key === 'src' && typeof child === 'string') found.images.add(child);
      else collectReferences(child, found);
    }
  }
  return found;
}

/** The drawing of one Lucide icon (its SVG elements), read from lucide-react's own module for it. */
async function iconData(name: string): Promise<unknown> {
  const module = (await import(import.meta.resolve(iconModule(name)))) as { __iconData: unknown };
  return module.__iconData;
}

/**
 * The JavaScript module of one page: its data, the drawings of exactly the icons it
 * uses (made into components by lucide-react's createLucideIcon, so a page's icons
 * travel inside its own chunk rather than as one small file each), and its pictures,
 * each with a hashed, cacheable URL and its intrinsic size.
 */
export async function pageModuleCode(page: ContentPage, pagesDir: string): Promise<string> {
  const { icons, images } = collectReferences(page.data.blocks);
  const lines: string[] = icons.size ? ["import { createLucideIcon } from 'lucide-react';"] : [];
  const iconEntries = await Promise.all(
    [...icons].map(async (name) => `${JSON.stringify(name)}: createLucideIcon(${JSON.stringify(await iconData(name))})`),
  );
  const assetEntries = [...images].map((src, index) => {
    const file = path.join(pagesDir, src);
    const { width, height } = imageSize(readFileSync(file));
    lines.push(`import asset${index} from ${JSON.stringify(`${file}?url`)};`);
    return `${JSON.stringify(src)}: { src: asset${index}, width: ${width}, height: ${height} }`;
  });
  lines.push(
    `export const key = ${JSON.stringify(page.key)};`,
    `export const route = ${JSON.stringify(page.route)};`,
    `export const page = ${JSON.stringify(page.data)};`,
    `export const icons = {${iconEntries.join(', ')}};`,
    `export const assets = {${assetEntries.join(', ')}};`,
  );
  return lines.join('\n');
}
