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

/**
 * The JavaScript module of one page: its data, plus imports of exactly the icons and
 * pictures it uses, so each page's chunk carries only what that page shows and every
 * picture gets a hashed, cacheable URL and its intrinsic size.
 */
export function pageModuleCode(page: ContentPage, pagesDir: string): string {
  const { icons, images } = collectReferences(page.data.blocks);
  const lines: string[] = [];
  const iconEntries = [...icons].map((name, index) => {
    lines.push(`import icon${index} from ${JSON.stringify(iconModule(name))};`);
    return `${JSON.stringify(name)}: icon${index}`;
  });
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
