import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { applyMenuEdit, languagesOf, readMenu, type MenuEdit, type MenuList } from './menuEdits';
import { AddEntry, type Place } from './MenuForms';
import { MenuListView, type MenuActions } from './MenuTree';
import { pagesApi } from './pagesApi';

/** A language's site file as the menu screen holds it: its text now (the draft, or what is live) and its latest revision. */
export interface SiteFile {
  file: string;
  source: string;
  head: string;
}

interface Props {
  /** Each language's site file, by language code, English first. */
  files: ReadonlyMap<string, SiteFile>;
  /** Every changed file was saved as a draft, all in one change set: their new texts and revisions. */
  onSaved: (files: Map<string, SiteFile>) => void;
}

function placesOf(list: MenuList, name: string, column = false): Place[] {
  return [
    { path: list.path, name, column },
    ...list.entries.flatMap((entry) => [
      ...(entry.columns ?? []).flatMap((inner) => placesOf(inner, `${entry.label} › ${inner.heading}`, true)),
      ...(entry.items ? placesOf(entry.items, `${name === 'Top menu' ? '' : `${name} › `}${entry.label}`) : []),
    ]),
  ];
}

/**
 * Saves each language's changed site file as a draft, all in one change set: the server writes
 * them all or none, so the languages stay in step with each other.
 */
async function saveAll(
  files: ReadonlyMap<string, SiteFile>,
  texts: ReadonlyMap<string, string>,
): Promise<Map<string, SiteFile> | { failed: string }> {
  const changed = [...texts].filter(([code, text]) => files.get(code)!.source !== text);
  const answer = await pagesApi.saveDrafts(
    changed.map(([code, text]) => ({ path: files.get(code)!.file, text, basedOn: files.get(code)!.head })),
  );
  if (!answer.ok) return { failed: `The menu was not changed (${answer.message}). Reload the page and try again.` };
  const now = new Map(files);
  changed.forEach(([code, text], index) => now.set(code, { ...now.get(code)!, source: text, head: answer.data.drafts[index]!.revision }));
  return now;
}

/**
 * The menu and footer of the site files as visitors see them, changed entry by entry: each change
 * is made in every language's site file (comments kept) and saved as drafts together, which the
 * menu screen publishes at once.
 */
export function MenuPanel({ files, onSaved }: Props) {
  const id = useId();
  const english = [...files.values()][0]!.source;
  const languages = useMemo(() => languagesOf(english), [english]);
  const [pages, setPages] = useState<{ route: string; title: string }[]>([]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const [renaming, setRenaming] = useState<string | undefined>();
  /** The controls to focus once the change shows, by data-focus, the first found (it may have moved with its entry). */
  const pendingFocus = useRef<readonly string[]>([]);
  const setFocus = (keys: readonly string[]) => {
    pendingFocus.current = keys;
  };
  const section = useRef<HTMLElement>(null);
  const busy = useRef(false);

  useEffect(() => {
    let current = true;
    void pagesApi.list().then((list) => {
      if (!current || !list.ok) return;
      setPages(list.data.items.flatMap((item) => (item.language === 'en' && item.route ? [{ route: item.route, title: item.title }] : [])));
    });
    return () => {
      current = false;
    };
  }, []);

  const sources = useMemo(() => new Map([...files].map(([code, file]) => [code, file.source] as const)), [files]);
  const menu = useMemo(() => {
    try {
      return readMenu(sources);
    } catch {
      return undefined;
    }
  }, [sources]);

  useEffect(() => {
    if (pendingFocus.current.length === 0) return;
    const found = [...pendingFocus.current, 'menu']
      .map((key) => section.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`))
      .find(Boolean);
    found?.focus();
    pendingFocus.current = [];
  });

  const change = async (edit: MenuEdit, done: string, focusAfter?: readonly string[]) => {
    // One change at a time: a second press while drafts are saving would be made on old text.
    if (busy.current) return;
    let changed: Map<string, string>;
    try {
      changed = applyMenuEdit(sources, edit);
    } catch (error) {
      setMessage({ text: `The menu could not be changed: ${(error as Error).message}`, error: true });
      return;
    }
    busy.current = true;
    setMessage({ text: 'Saving the change in every language…', error: false });
    const outcome = await saveAll(files, changed);
    busy.current = false;
    if ('failed' in outcome) {
      setMessage({ text: outcome.failed, error: true });
      return;
    }
    setFocus(focusAfter ?? ['menu']);
    onSaved(outcome);
    setMessage({ text: `${done} Saved in every language; Publish the menu puts it live.`, error: false });
  };

  const places = menu ? [...placesOf(menu.nav, 'Top menu'), ...placesOf(menu.footer, 'Footer')] : [];
  const actions: MenuActions = {
    languages,
    places,
    renaming,
    setRenaming,
    change: (edit, done, focusAfter) => void change(edit, done, focusAfter),
    setFocus: (key) => setFocus([key]),
  };

  return (
    <section ref={section} aria-labelledby={`${id}-title`} className="pages-menu">
      <h2 id={`${id}-title`} tabIndex={-1} data-focus="menu">
        The menu in every language
      </h2>
      <p className="field-hint">
        The top menu and the footer’s links as visitors see them. Each change is made in every language at once and kept as a draft until
        you press Publish the menu.
      </p>
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'field-error' : 'field-hint'}>
        {message?.text}
      </p>
      {!menu ? (
        <p>The menu cannot be shown while the site’s details have errors: ask an owner to fix them in the site’s details.</p>
      ) : (
        <>
          <h3>Top menu</h3>
          <MenuListView list={menu.nav} label="Top menu" actions={actions} />
          <h3>Footer</h3>
          <MenuListView list={menu.footer} label="Footer" actions={actions} />
          <AddEntry
            pages={pages}
            places={places}
            languages={languages}
            onAdd={(to, labels, place) =>
              void change({ kind: 'add', list: place.path, to, labels }, `Added ${labels[languages[0]!.code]} to ${place.name}.`)
            }
          />
        </>
      )}
    </section>
  );
}
