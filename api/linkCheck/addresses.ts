import type { ContentFolder } from '../../src/content/contentFolder';
import { displayPath } from '../../src/content/describeError';
import { parseYaml } from '../../src/content/yamlSource';
import type { LinkPlace } from '../../src/shared/linkCheck';

/** An http(s) address inside a text: up to a space, a quote or a bracket that cannot be part of it. */
const ADDRESS = /https?:\/\/[^\s"'<>`{}|\\^[\]]+/g;
/** What ends a sentence after an address rather than belonging to it. */
const TRAILING = /[.,;:!?)]+$/;

/** An address as the check knows it: parsed, without its #fragment (the same page), or undefined when it is not one. */
export function addressOf(written: string): string | undefined {
  try {
    const url = new URL(written);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/** Every http(s) address a content file's values name (its comments are not shown to anyone), each with where it is. */
export function addressesIn(file: string, text: string): { url: string; place: LinkPlace }[] {
  if (!text.includes('://')) return [];
  const source = parseYaml(text);
  if (source.syntaxErrors.length > 0) return [];
  const found: { url: string; place: LinkPlace }[] = [];
  for (const value of source.textValues()) {
    for (const match of value.written.matchAll(ADDRESS)) {
      const url = addressOf(match[0].replace(TRAILING, ''));
      if (url) found.push({ url, place: { file, ...source.positionAt(value.start + match.index), path: displayPath(value.pointer) } });
    }
  }
  return found;
}

/** Gives the event loop a turn: requests are answered between files. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Every YAML file of the content: the pages in every language and the site files. */
const contentFiles = (folder: ContentFolder) => folder.files.filter((file) => file.endsWith('.yaml'));

/** The addresses of a file's text, by its digest: a site is read in full once, then only what changed. */
const known = new Map<string, string[]>();

/**
 * Every address the content names, each once, with the files that name it. A turn of the event
 * loop is given back between files, so a site of thousands of pages never holds up a request.
 */
export async function siteAddresses(folder: ContentFolder): Promise<Map<string, string[]>> {
  const addresses = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const file of contentFiles(folder)) {
    const digest = folder.digest(file);
    seen.add(digest);
    let urls = known.get(digest);
    if (!urls) {
      await nextTurn();
      urls = [...new Set(addressesIn(file, folder.read(file)).map((found) => found.url))];
      known.set(digest, urls);
    }
    for (const url of urls) addresses.set(url, [...(addresses.get(url) ?? []), file]);
  }
  // What no file holds any more is forgotten.
  for (const digest of known.keys()) if (!seen.has(digest)) known.delete(digest);
  return addresses;
}
