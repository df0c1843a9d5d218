// What the editor's workspace reads or works out as the text changes (the check's problems, the
// pages a link can name, the YAML view's completion and help), kept apart from what it shows.
import type { CompletionSource } from '@codemirror/autocomplete';
import { useEffect, useMemo, useState } from 'react';
import type { ContentOutlines, ContentProblem, SchemaOutline } from '../../shared/pageEditor';
import type { PageChoice } from './form/formContext';
import { pagesApi } from './pagesApi';
import { helpAt, placeAt } from './schemaHelp';

/** The check runs again this long after typing pauses. */
const CHECK_AFTER_MS = 300;

/** The problems of the site with `text` in place of `file` (and the chosen companions), checked again as typing pauses. */
export function useChecked(file: string, text: string, companions: readonly string[]) {
  const [checked, setChecked] = useState<ContentProblem[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      pagesApi.check(file, text, companions, controller.signal).then(
        (answer) => answer.ok && setChecked(answer.data.problems),
        () => undefined,
      );
    }, CHECK_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [file, text, companions]);
  return [checked, setChecked] as const;
}

/** The English pages a link can name, for a page's form. */
export function usePageChoices(isPage: boolean): PageChoice[] {
  const [pages, setPages] = useState<PageChoice[]>([]);
  useEffect(() => {
    if (!isPage) return;
    let current = true;
    void pagesApi.list().then((answer) => {
      if (current && answer.ok)
        setPages(
          answer.data.items.flatMap((item) =>
            item.route && !item.untranslated && item.language === 'en' ? [{ route: item.route, title: item.title }] : [],
          ),
        );
    });
    return () => {
      current = false;
    };
  }, [isPage]);
  return pages;
}

/** The YAML view's completion of keys and values and its help on hover, from the file's schema. */
export function useSchemaHelp(outlines: ContentOutlines, root: SchemaOutline | undefined) {
  const complete = useMemo<CompletionSource | undefined>(
    () =>
      root &&
      ((context) => {
        const place = placeAt(outlines, root, context.state.doc.toString(), context.pos);
        if (place.key) {
          const values = place.mapping?.properties?.[place.key]?.values;
          return values ? { from: place.from, options: values.map((value) => ({ label: value, type: 'enum' })) } : null;
        }
        const keys = place.mapping?.properties;
        if (!keys || (!context.explicit && place.from === context.pos)) return null;
        return {
          from: place.from,
          options: Object.entries(keys).map(([key, schema]) => ({
            label: key,
            type: 'property',
            info: schema.description,
            apply: `${key}: `,
          })),
        };
      }),
    [outlines, root],
  );
  const hover = useMemo(() => root && ((source: string, position: number) => helpAt(outlines, root, source, position)), [outlines, root]);
  return { complete, hover };
}
