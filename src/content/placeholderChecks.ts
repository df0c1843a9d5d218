import type { ContentOutlines } from '../shared/pageEditor.js';
import { placeholderAt, promptForm } from '../shared/placeholders.js';
import type { YamlSource } from './yamlSource.js';

/**
 * The places of a page still to write: an empty text where the form prompts for one ("Write the
 * card’s title"), and any text that still holds a prompt's words, its own or another place's,
 * whatever the case and spacing ("Write the page's title Solar test"). A page is not published
 * while any is left. Each text is compared with the page's few prompts: the cost grows with the page.
 */
export function placeholderProblems(source: YamlSource, outlines: ContentOutlines): { pointer: string[]; message: string }[] {
  const valueAt = (pointer: readonly string[]) =>
    pointer.reduce<unknown>((node, step) => (node as Record<string, unknown> | null | undefined)?.[step], source.data);
  const places = source.textValues().map(({ pointer }) => ({ pointer, prompt: placeholderAt(outlines, source.data, pointer) }));
  const prompts = new Map(places.flatMap(({ prompt }) => (prompt === undefined ? [] : [[promptForm(prompt), prompt] as const])));
  return places.flatMap(({ pointer, prompt }) => {
    const value = valueAt(pointer);
    if (typeof value !== 'string') return [];
    const written = promptForm(value);
    if (written === '') return prompt === undefined ? [] : [{ pointer, message: `is empty: ${prompt}` }];
    // A prompt is found where a person's text can hold it by mistake: at its start (typed after, pasted before), or
    // anywhere for a prompt no sentence of the firm's would say ("write the card's title"); "write the answer" may be the firm's words.
    const held = [...prompts].find(([form]) => written.startsWith(form) || (form.includes("'s ") && written.includes(form)));
    if (!held) return [];
    return [
      written === held[0]
        ? { pointer, message: `still says “${held[1]}”; replace it with the page’s own words` }
        : { pointer, message: `still holds the prompt “${held[1]}”; take it out and keep only the page’s own words` },
    ];
  });
}
