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
