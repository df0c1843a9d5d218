import type { ContentOutlines } from '../shared/pageEditor.js';
import { placeholderAt } from '../shared/placeholders.js';
import type { YamlSource } from './yamlSource.js';

/**
 * The places of a page that still hold the words a new page, section or card starts with
 * ("Write the card’s title"): a page is not published while any is left unchanged.
 */
export function placeholderProblems(source: YamlSource, outlines: ContentOutlines): { pointer: string[]; message: string }[] {
  const valueAt = (pointer: readonly string[]) =>
    pointer.reduce<unknown>((node, step) => (node as Record<string, unknown> | null | undefined)?.[step], source.data);
  return source.textValues().flatMap(({ pointer }) => {
    const placeholder = placeholderAt(outlines, source.data, pointer);
    return placeholder !== undefined && valueAt(pointer) === placeholder
      ? [{ pointer, message: `still says “${placeholder}”; replace it with the page’s own words` }]
      : [];
  });
}
